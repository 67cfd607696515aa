import { describe, expect, it } from 'vitest';
import { pendingSchedules } from './scheduled-store.js';

describe('scheduled publishes', () => {
  it('lists those still to come, soonest first', () => {
    const now = Date.parse('2026-12-02T12:00:00Z');
    const list = [
      { jobId: 'late', scheduledFor: '2026-12-03T09:00:00Z' },
      { jobId: 'past', scheduledFor: '2026-12-02T11:59:00Z' },
      { jobId: 'soon', scheduledFor: '2026-12-02T13:00:00Z' },
    ];
    expect(pendingSchedules(list, now).map((s) => s.jobId)).toEqual(['soon', 'late']);
  });
});
