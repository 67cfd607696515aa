import type { Browser } from 'playwright-core';
import { afterAll, beforeAll } from 'vitest';
import { launchBrowser } from './browser.js';
import { startStore, type RunningStore } from './store.js';

/** The seeded store and the Chromium instance of one test file. */
export interface StoreAndBrowser {
  readonly store: RunningStore;
  readonly browser: Browser;
}

/**
 * Starts a seeded store and Chromium before the tests of the calling `describe` and closes both
 * after them. Read `store` and `browser` from the returned object inside tests and hooks.
 */
export function useStoreAndBrowser(): StoreAndBrowser {
  const env = {} as { store: RunningStore; browser: Browser };
  beforeAll(async () => {
    env.store = await startStore();
    env.browser = await launchBrowser();
  });
  afterAll(async () => {
    await env.browser?.close();
    await env.store?.close();
  });
  return env;
}
