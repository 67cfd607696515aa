import { describe, expect, it } from 'vitest';
import { ageText } from './age.js';

describe("the overview's order ages (#24)", () => {
  it.each([
    [5, 'now'],
    [90, '1 minute ago'],
    [59 * 60, '59 minutes ago'],
    [3 * 3600 + 10, '3 hours ago'],
    [26 * 3600, 'yesterday'],
    [9 * 86_400 + 5, '9 days ago'],
  ])('#24 says %i seconds as %s', (seconds, text) => {
    expect(ageText(seconds, 'en')).toBe(text);
  });
});
