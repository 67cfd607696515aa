import { describe, expect, it } from 'vitest';
import { CORPUS_PRESENT, readSections } from './test-support.js';
import { itemVariantOptions, variantDescriptor } from './variant-options.js';

describe.skipIf(!CORPUS_PRESENT)('itemVariantOptions (get-item-variant-options.json)', () => {
  const sections = CORPUS_PRESENT ? readSections('get-item-variant-options.json') : {};
  const names = Object.keys(sections).filter((name) => !name.endsWith('-expected'));

  it('reads every case with its expectation', () => {
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(Object.hasOwn(sections, `${name}-expected`)).toBe(true);
  });

  it.each(names)('%s', (name) => {
    const item = JSON.parse(sections[name] as string);
    expect(itemVariantOptions(item)).toEqual(JSON.parse(sections[`${name}-expected`] as string));
  });

  it('ignores attributes that are not listed in the option ordering', () => {
    const item = {
      structuredContent: {
        variants: [{ attributes: { size: 'S', colour: 'red' } }, { attributes: { size: 'M' } }],
        variantOptionOrdering: ['size'],
      },
    };
    expect(itemVariantOptions(item)).toEqual([{ name: 'size', values: ['S', 'M'] }]);
  });
});

describe('variantDescriptor', () => {
  it('joins option values with a slash', () => {
    expect(variantDescriptor({ optionValues: [{ value: 'blue' }, { value: 'large' }] })).toBe('blue / large');
  });

  it('is empty without option values', () => {
    expect(variantDescriptor({})).toBe('');
  });
});
