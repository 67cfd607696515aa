import { EARLY_ACTIONS_KEY, HYDRATED_ATTRIBUTE, type EarlyAction, type EarlyActionState } from './early-action-capture.js';

function stateOf(win: Window): EarlyActionState | undefined {
  return (win as unknown as Record<string, EarlyActionState | undefined>)[EARLY_ACTIONS_KEY];
}

/** Removes and returns the oldest held action of `island`, if any. */
function takeNext(state: EarlyActionState | undefined, island: HTMLElement): EarlyAction | undefined {
  if (!state) return undefined;
  const at = state.actions.findIndex((a) => a.island === island);
  return at < 0 ? undefined : state.actions.splice(at, 1)[0];
}

/** The action's element now: the one clicked, or the element at the same place if hydration replaced it. */
function currentTarget(action: EarlyAction): Element | undefined {
  if (action.target.isConnected) return action.target;
  let node: Element | undefined = action.island;
  for (const index of action.path) node = node?.children[index];
  return node;
}

function perform(state: EarlyActionState, action: EarlyAction): void {
  const target = currentTarget(action);
  if (!target || (target as HTMLButtonElement).disabled) return;
  state.replaying = true;
  try {
    if (action.kind === 'submit' && target instanceof HTMLFormElement) target.requestSubmit();
    else if (target instanceof HTMLElement) target.click();
  } finally {
    state.replaying = false;
  }
}

/**
 * Replays, one per task and in order, the clicks and submits held on `island` before it
 * hydrated, then sets `data-hydrated`, in the same task as the check that none is left: from
 * then on its clicks reach it directly, and none falls between the two.
 */
export async function replayEarlyActions(island: HTMLElement, win: Window = window): Promise<void> {
  for (;;) {
    const state = stateOf(win);
    const next = takeNext(state, island);
    if (!state || !next) {
      island.setAttribute(HYDRATED_ATTRIBUTE, 'true');
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, 0));
    perform(state, next);
  }
}
