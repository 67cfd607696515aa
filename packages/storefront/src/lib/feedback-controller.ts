/** Add-button states. */
export type FeedbackPhase = 'idle' | 'adding' | 'added' | 'error';

/** Button feedback timings (spec section 9). */
export const FEEDBACK_TIMINGS = Object.freeze({ addedAfterMs: 1000, idleAfterAddedMs: 2000, errorResetMs: 1000 });

/** The add button's visible state. */
export interface FeedbackState {
  readonly phase: FeedbackPhase;
  readonly message: string | null;
}

const IDLE: FeedbackState = Object.freeze({ phase: 'idle', message: null });

/**
 * Drives the add button: idle -> adding -> (after 1 s) added -> (2 s later) idle; on error the
 * message shows, then idle after 1 s. Clicks while adding or added are ignored.
 */
export class FeedbackController {
  private state: FeedbackState = IDLE;
  private readonly listeners = new Set<() => void>();
  private timers: ReturnType<typeof setTimeout>[] = [];

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): FeedbackState => this.state;

  /** True when a click should start a new attempt. */
  accepts(): boolean {
    return this.state.phase === 'idle' || this.state.phase === 'error';
  }

  /**
   * Runs `attempt` if the button accepts clicks. `attempt` resolves on success or throws an Error
   * whose message is shown. Resolves true on success, false on failure or when ignored.
   */
  async run(attempt: () => Promise<void>): Promise<boolean> {
    if (!this.accepts()) return false;
    this.clearTimers();
    this.set({ phase: 'adding', message: null });
    try {
      await attempt();
    } catch (err) {
      this.set({ phase: 'error', message: err instanceof Error ? err.message : String(err) });
      this.later(FEEDBACK_TIMINGS.errorResetMs, () => this.set(IDLE));
      return false;
    }
    this.later(FEEDBACK_TIMINGS.addedAfterMs, () => {
      this.set({ phase: 'added', message: null });
      this.later(FEEDBACK_TIMINGS.idleAfterAddedMs, () => this.set(IDLE));
    });
    return true;
  }

  /** Cancels pending transitions (component unmount). */
  dispose(): void {
    this.clearTimers();
  }

  private later(ms: number, fn: () => void): void {
    this.timers.push(setTimeout(fn, ms));
  }

  private clearTimers(): void {
    for (const t of this.timers) clearTimeout(t);
    this.timers = [];
  }

  private set(next: FeedbackState): void {
    this.state = next;
    for (const l of this.listeners) l();
  }
}
