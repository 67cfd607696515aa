import { describe, expect, it } from 'vitest';
import { testContext } from './test-context.js';
import { unitsMetric } from './units-metric.js';

describe('units-metric?', () => {
  it.each([
    ['en-US', [], false],
    ['fr-FR', [], true],
    ['en-GB', ['temperature'], true],
    ['en-US', ['temperature'], false],
    ['none', [], true],
  ])('%s %j', (locale, args, expected) => {
    expect(unitsMetric.apply(args, testContext({}, { locale }))).toBe(expected);
  });
});
