import { describe, expect, it } from 'vitest';
import { localDayOf } from './local-day.js';

describe("the site's day for the overview (#24)", () => {
  it.each([
    ['America/New_York', '2026-12-02T03:00:00Z', '2026-12-01', '2026-12-01T05:00:00.000Z', '2026-12-02T05:00:00.000Z'],
    ['America/New_York', '2026-12-02T05:00:00Z', '2026-12-02', '2026-12-02T05:00:00.000Z', '2026-12-03T05:00:00.000Z'],
    ['Pacific/Auckland', '2026-12-02T12:00:00Z', '2026-12-03', '2026-12-02T11:00:00.000Z', '2026-12-03T11:00:00.000Z'],
    ['Asia/Kolkata', '2026-12-02T20:00:00Z', '2026-12-03', '2026-12-02T18:30:00.000Z', '2026-12-03T18:30:00.000Z'],
    ['UTC', '2026-12-02T23:59:59Z', '2026-12-02', '2026-12-02T00:00:00.000Z', '2026-12-03T00:00:00.000Z'],
    // Spring forward: the day has 23 hours; fall back: 25.
    ['Europe/London', '2026-03-29T12:00:00Z', '2026-03-29', '2026-03-29T00:00:00.000Z', '2026-03-29T23:00:00.000Z'],
    ['Europe/London', '2026-10-25T12:00:00Z', '2026-10-25', '2026-10-24T23:00:00.000Z', '2026-10-26T00:00:00.000Z'],
    ['Not/AZone', '2026-12-02T23:00:00Z', '2026-12-02', '2026-12-02T00:00:00.000Z', '2026-12-03T00:00:00.000Z'],
  ])('#24 in %s at %s the day is %s, from %s to %s', (zone, now, date, start, end) => {
    const day = localDayOf(new Date(now), zone);
    expect({ date: day.date, start: day.start.toISOString(), end: day.end.toISOString() }).toEqual({ date, start, end });
  });
});
