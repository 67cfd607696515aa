import { describe, expect, it } from 'vitest';
import { createClsMeter, createInpMeter } from './vitals.js';

describe('web vitals meters (spec 7: CLS and INP as web-vitals defines them)', () => {
  it('CLS is the largest session window of shifts, ignoring shifts after input', () => {
    const cls = createClsMeter();
    expect(cls({ value: 0.05, startTime: 100, hadRecentInput: false })).toBeCloseTo(0.05);
    expect(cls({ value: 0.05, startTime: 600, hadRecentInput: false })).toBeCloseTo(0.1);
    expect(cls({ value: 0.5, startTime: 700, hadRecentInput: true })).toBeCloseTo(0.1);
    // a gap of 1 s or more starts a new window
    expect(cls({ value: 0.02, startTime: 1700, hadRecentInput: false })).toBeCloseTo(0.1);
    expect(cls({ value: 0.07, startTime: 2200, hadRecentInput: false })).toBeCloseTo(0.1);
    expect(cls({ value: 0.03, startTime: 2700, hadRecentInput: false })).toBeCloseTo(0.12);
  });

  it('a window ends 5 s after it began', () => {
    const cls = createClsMeter();
    for (let t = 0; t <= 6000; t += 500) cls({ value: 0.01, startTime: t, hadRecentInput: false });
    expect(cls({ value: 0, startTime: 6100, hadRecentInput: false })).toBeCloseTo(0.1);
  });

  it('INP counts each interaction by its longest event and is the longest below 50 interactions', () => {
    const inp = createInpMeter();
    expect(inp({ interactionId: 0, duration: 500 })).toBeUndefined();
    expect(inp({ interactionId: 1, duration: 80 })).toBe(80);
    expect(inp({ interactionId: 1, duration: 120 })).toBe(120);
    expect(inp({ interactionId: 2, duration: 64 })).toBe(120);
  });

  it('INP skips the longest interaction per 50 (98th percentile)', () => {
    const inp = createInpMeter();
    let value: number | undefined;
    for (let id = 1; id <= 100; id++) value = inp({ interactionId: id, duration: id === 1 ? 900 : id === 2 ? 700 : 100 }, 100);
    expect(value).toBe(100);
    expect(inp({ interactionId: 101, duration: 40 }, 60)).toBe(700);
  });
});
