import { describe, expect, it } from 'vitest';
import { DEVICES, deviceFrom } from './devices.js';

describe('preview devices', () => {
  it('offers desktop (full width), tablet 768 px and phone 390 px', () => {
    expect(DEVICES.map((d) => [d.label, d.width])).toEqual([
      ['Desktop', null],
      ['Tablet', 768],
      ['Phone', 390],
    ]);
  });
  it.each([
    ['phone', 'phone'],
    ['tablet', 'tablet'],
    [null, 'desktop'],
    ['watch', 'desktop'],
  ])('reads a remembered %s as %s', (stored, device) => {
    expect(deviceFrom(stored)).toBe(device);
  });
});
