import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrderPaymentJson, OrderPaymentStatus } from './payment-api.js';
import { PAYMENT_POLL_INTERVAL_MS, PAYMENT_POLL_LIMIT_MS, type PaymentWatchState, watchPayment } from './payment-watch.js';

function answer(paymentStatus: OrderPaymentStatus, message?: string): OrderPaymentJson {
  return { paymentStatus, orderNumber: 1042, confirmationUrl: '/checkout/order-confirmed/o1', ...(message ? { message } : {}) };
}

describe('watchPayment', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('asks at once and every 2 s until the payment is paid', async () => {
    const answers = [answer('pending'), answer('pending'), answer('paid')];
    let asked = 0;
    const settled: PaymentWatchState[] = [];
    watchPayment({ fetchStatus: async () => answers[asked++]!, onSettled: (s) => settled.push(s) });
    await vi.advanceTimersByTimeAsync(0);
    expect(asked).toBe(1);
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    expect(asked).toBe(2);
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    expect(settled).toEqual([{ phase: 'paid' }]);
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 5);
    expect(asked).toBe(3);
  });

  it("reports a failure with the provider's message, and keeps asking through network errors", async () => {
    let asked = 0;
    const settled: PaymentWatchState[] = [];
    watchPayment({
      fetchStatus: async () => {
        asked += 1;
        if (asked === 1) throw new Error('offline');
        return answer('failed', 'Your card was declined.');
      },
      onSettled: (s) => settled.push(s),
    });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS);
    expect(settled).toEqual([{ phase: 'failed', message: 'Your card was declined.' }]);
  });

  it('says the payment is still being confirmed after two minutes of pending, and stops asking', async () => {
    let asked = 0;
    const settled: PaymentWatchState[] = [];
    watchPayment({
      fetchStatus: async () => {
        asked += 1;
        return answer('pending');
      },
      onSettled: (s) => settled.push(s),
    });
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_LIMIT_MS - 1);
    expect(settled).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toEqual([{ phase: 'still-pending' }]);
    expect(asked).toBe(PAYMENT_POLL_LIMIT_MS / PAYMENT_POLL_INTERVAL_MS + 1);
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 3);
    expect(asked).toBe(PAYMENT_POLL_LIMIT_MS / PAYMENT_POLL_INTERVAL_MS + 1);
  });

  it('stops when asked to', async () => {
    let asked = 0;
    const stop = watchPayment({
      fetchStatus: async () => {
        asked += 1;
        return answer('pending');
      },
      onSettled: () => {},
    });
    await vi.advanceTimersByTimeAsync(0);
    stop();
    await vi.advanceTimersByTimeAsync(PAYMENT_POLL_INTERVAL_MS * 3);
    expect(asked).toBe(1);
  });
});
