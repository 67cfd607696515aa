import { installCartEvents } from '../cart/cart-events.js';
import type { CartSeed } from '../cart/cart-store.js';
import { sharedCartStore } from '../cart/shared-cart.js';
// The head loads this module first (async); imported here too, so capture starts at the latest now.
import './early-action-capture.js';
import { shouldLoadCartAtStart } from '../lib/cookies.js';
import { installVariantImageSwap } from '../lib/variant-event.js';
import { installCookieBanner } from './cookie-consent.js';
import { followHeaderCart } from './header-cart-count.js';
import { installJoinClicks } from './join-clicks.js';
import { installQuickViewButtons } from './quick-view-buttons.js';
import { recordPageViewAfterLoad } from './visit-recording.js';
// biome-ignore lint/correctness/useImportExtensions: a stylesheet, bundled by Vite
import './storefront.css';

/**
 * Resolves in a later task, so the browser can paint and answer input in between: each island's
 * loader inserts a modulepreload link per module it needs (about 0.7 ms of main thread each, twenty
 * on a product page), and in one task with React's evaluation they made one long task.
 */
function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  return typeof scheduler?.yield === 'function' ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve, 0));
}

async function start(): Promise<void> {
  installCookieBanner(document, () => recordPageViewAfterLoad(window));
  installVariantImageSwap(document);
  installCartEvents(window, sharedCartStore());
  installQuickViewButtons(document, (button, url, title) => void import('./quick-view-launch.js').then((m) => m.openQuickView(button, url, title)));
  installJoinClicks(document);
  const headerCart = document.querySelector<HTMLAnchorElement>('a.header-cart');
  if (headerCart) followHeaderCart(headerCart, sharedCartStore(), document.cookie);
  if (shouldLoadCartAtStart(document.cookie)) void sharedCartStore().load();
  const islands = document.querySelectorAll<HTMLElement>('[data-island]');
  if (islands.length === 0) return;
  const { hydrateIsland } = await import('./hydrate.js');
  for (const el of islands) {
    await nextTask();
    void hydrateIsland(el, (name, props) => {
      if (name === 'CartPill' && props.seed) sharedCartStore().seed(props.seed as CartSeed);
    });
  }
}

recordPageViewAfterLoad(window);

if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', () => void start(), { once: true });
else void start();
