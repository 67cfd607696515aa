/**
 * The page's first script (decision 0035): from the moment it runs, a click on a button of an
 * island that has not hydrated yet, or a submit of one of its forms, is held (its default action
 * and its propagation stopped, so nothing happens twice) and queued for the island to replay
 * once it has hydrated (`early-actions.ts`). The head loads it `async`; the client entry imports
 * it too, so capture starts at the latest when the entry runs. It imports nothing, so it is one
 * small file that never waits for another.
 */

/** Window property holding the {@link EarlyActionState}. */
export const EARLY_ACTIONS_KEY = '__emporiumEarlyActions';

/** Attribute set on an island's element once it has hydrated and replayed what the visitor did before. */
export const HYDRATED_ATTRIBUTE = 'data-hydrated';

const ISLAND_SELECTOR = '[data-island]';

/** What a click acts on: buttons (a link works before hydration and is left alone). */
const ACTION_SELECTOR = 'button, input[type="submit"], input[type="button"], input[type="image"], [role="button"]';

/** A click or submit held before its island hydrated. */
export interface EarlyAction {
  readonly kind: 'click' | 'submit';
  /** The button clicked, or the form submitted. */
  readonly target: Element;
  readonly island: HTMLElement;
  /** Child indexes from the island's element to `target`, to find it again if hydration replaced it. */
  readonly path: readonly number[];
}

/** The held actions, and whether one is being replayed (a replayed click must pass). */
export interface EarlyActionState {
  readonly actions: EarlyAction[];
  replaying: boolean;
}

function pathFrom(island: Element, target: Element): number[] {
  const path: number[] = [];
  for (let node: Element | null = target; node && node !== island; node = node.parentElement) {
    path.unshift(node.parentElement ? Array.prototype.indexOf.call(node.parentElement.children, node) : 0);
  }
  return path;
}

/** Starts holding early clicks and submits on `win`'s islands; a second call does nothing. Returns the state. */
export function captureEarlyActions(win: Window): EarlyActionState {
  const host = win as unknown as Record<string, EarlyActionState | undefined>;
  const existing = host[EARLY_ACTIONS_KEY];
  if (existing) return existing;
  const state: EarlyActionState = { actions: [], replaying: false };
  host[EARLY_ACTIONS_KEY] = state;
  for (const kind of ['click', 'submit'] as const) {
    win.document.addEventListener(
      kind,
      (event) => {
        const target = event.target;
        if (state.replaying || !(target instanceof Element)) return;
        const island = target.closest<HTMLElement>(ISLAND_SELECTOR);
        if (!island || island.hasAttribute(HYDRATED_ATTRIBUTE)) return;
        const control = kind === 'submit' ? target : target.closest(ACTION_SELECTOR);
        if (!control || !island.contains(control)) return;
        event.preventDefault();
        event.stopImmediatePropagation();
        state.actions.push({ kind, target: control, island, path: pathFrom(island, control) });
      },
      true,
    );
  }
  return state;
}

if (typeof window !== 'undefined' && typeof document !== 'undefined') captureEarlyActions(window);
