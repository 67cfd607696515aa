import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { FEEDBACK_TIMINGS, FeedbackController } from './feedback-controller.js';

describe('FeedbackController (spec sections 4 and 9)', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('goes adding -> added after 1 s -> idle 2 s later', async () => {
    const c = new FeedbackController();
    const run = c.run(() => Promise.resolve());
    expect(c.getSnapshot().phase).toBe('adding');
    expect(await run).toBe(true);
    await vi.advanceTimersByTimeAsync(999);
    expect(c.getSnapshot().phase).toBe('adding');
    await vi.advanceTimersByTimeAsync(1);
    expect(c.getSnapshot().phase).toBe('added');
    await vi.advanceTimersByTimeAsync(1999);
    expect(c.getSnapshot().phase).toBe('added');
    await vi.advanceTimersByTimeAsync(1);
    expect(c.getSnapshot().phase).toBe('idle');
  });

  it('shows the error then returns to idle after 1 s', async () => {
    const c = new FeedbackController();
    expect(await c.run(() => Promise.reject(new Error('Please try again in a few seconds.')))).toBe(false);
    expect(c.getSnapshot()).toEqual({ phase: 'error', message: 'Please try again in a few seconds.' });
    await vi.advanceTimersByTimeAsync(FEEDBACK_TIMINGS.errorResetMs);
    expect(c.getSnapshot()).toEqual({ phase: 'idle', message: null });
  });

  it('ignores clicks while adding or added', async () => {
    const c = new FeedbackController();
    const attempt = vi.fn(() => Promise.resolve());
    const first = c.run(attempt);
    expect(await c.run(attempt)).toBe(false);
    await first;
    await vi.advanceTimersByTimeAsync(1000);
    expect(c.getSnapshot().phase).toBe('added');
    expect(await c.run(attempt)).toBe(false);
    expect(attempt).toHaveBeenCalledTimes(1);
  });

  it('has the spec timings', () => {
    expect(FEEDBACK_TIMINGS).toEqual({ addedAfterMs: 1000, idleAfterAddedMs: 2000, errorResetMs: 1000 });
  });
});
