import { useEffect, useState } from 'react';
import { api } from '../../api/http.js';

/** The editor's presence call (packages/server/src/presence/routes.ts). */
export const PRESENCE_PATH = '/api/owner/presence';

/** Another owner who has the same page open. */
export interface PresentEditor {
  readonly email: string | null;
  readonly sameAccount: boolean;
  readonly since: string;
}

interface PresenceAnswer {
  readonly editors: readonly PresentEditor[];
  readonly heartbeatMs: number;
}

/** Heartbeat used until the server names its own. */
const FIRST_HEARTBEAT_MS = 10_000;

/**
 * Announces that this owner has `subject` open, again every heartbeat the server asks for, and
 * answers the other owners who have it open. Says the subject was closed when it changes or the
 * editor unmounts or the tab closes (`pagehide`, a keepalive call); a tab that vanishes without a
 * word (a crash, a lost connection) drops out after the server's window.
 * A failed heartbeat keeps the last answer (the notice is a courtesy, never in the way).
 */
export function usePresence(subject: string): readonly PresentEditor[] {
  const [editors, setEditors] = useState<readonly PresentEditor[]>([]);
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const beat = async () => {
      let next = FIRST_HEARTBEAT_MS;
      try {
        const answer = await api<PresenceAnswer>(PRESENCE_PATH, { method: 'PUT', body: { subject } });
        if (live) setEditors(answer.editors);
        next = answer.heartbeatMs;
      } catch {
        // Keep what was known; try again at the next beat.
      }
      if (live) timer = setTimeout(() => void beat(), next);
    };
    const leave = () => void api(PRESENCE_PATH, { method: 'DELETE', query: { subject }, keepalive: true }).catch(() => undefined);
    setEditors([]);
    void beat();
    window.addEventListener('pagehide', leave);
    return () => {
      live = false;
      clearTimeout(timer);
      window.removeEventListener('pagehide', leave);
      leave();
    };
  }, [subject]);
  return editors;
}

/** The sentence the editor shows about the other editors of a page; null when there are none. */
export function presenceSentence(editors: readonly PresentEditor[]): string | null {
  if (editors.length === 0) return null;
  const others = editors.filter((e) => !e.sameAccount).map((e) => e.email ?? 'Another owner');
  const self = editors.some((e) => e.sameAccount);
  const names = [...new Set(others)];
  const who = names.length === 0 ? null : names.length === 1 ? `${names[0]} is` : `${names.slice(0, -1).join(', ')} and ${names.at(-1)} are`;
  const parts: string[] = [];
  if (who) parts.push(`${who} also editing this page.`);
  if (self) parts.push('You also have this page open in another tab or browser.');
  parts.push('If two of you save, the later save asks to reload first, so nothing is overwritten.');
  return parts.join(' ');
}
