import { describe, expect, it } from 'vitest';
import { formatMessage } from './message.js';
import { fakeContext } from './test-support.js';

describe('formatMessage', () => {
  const ctx = fakeContext({});

  it('fills named placeholders and keeps apostrophes', () => {
    expect(formatMessage("l'article {price} dès {fromPrice}", { price: 'A', fromPrice: 'B' }, ctx)).toBe("l'article A dès B");
  });

  it('leaves nothing for unknown names', () => {
    expect(formatMessage('x{missing}y', {}, ctx)).toBe('xy');
  });

  it('formats ICU plural arguments through CLDR', () => {
    const pattern = '{price} every {n, plural, one {week} other {# weeks}}';
    expect(formatMessage(pattern, { price: '$1', n: 1 }, ctx)).toBe('$1 every week');
    expect(formatMessage(pattern, { price: '$1', n: 3 }, ctx)).toBe('$1 every 3 weeks');
  });
});
