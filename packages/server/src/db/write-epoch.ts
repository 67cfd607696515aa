/**
 * A process-wide count of the statements that may have written to a PGlite database, so a
 * reader can tell whether anything it read earlier may have changed since (decision 0010).
 */
export interface WriteEpoch {
  /** Grows after every protocol message that may write; never goes back. */
  readonly value: number;
  /** True while a statement that may write has started and not yet reached its Sync. */
  readonly writing: boolean;
}

/** The one PGlite method every protocol message goes through (query, exec, transaction, listen, raw protocol). */
interface ProtocolClient {
  execProtocolRawSync(message: Uint8Array): Uint8Array;
}

const PARSE = 0x50;
const SYNC = 0x53;
const EXTENDED_FOLLOW_UP = new Set([0x42, 0x43, 0x44, 0x45, 0x48]);
const SELECT = /^select(?![a-z0-9_$])/i;
const INTO = /(?<![a-z0-9_$])into(?![a-z0-9_$])/i;

/** Drops leading whitespace and SQL comments; undefined when a block comment never ends or nests (PostgreSQL nests them). */
function skipLeadingNoise(text: string): string | undefined {
  let at = 0;
  for (;;) {
    while (at < text.length && /\s/.test(text[at]!)) at += 1;
    if (text.startsWith('--', at)) {
      const end = text.indexOf('\n', at);
      if (end < 0) return '';
      at = end + 1;
    } else if (text.startsWith('/*', at)) {
      const end = text.indexOf('*/', at + 2);
      const nested = text.indexOf('/*', at + 2);
      if (end < 0 || (nested >= 0 && nested < end)) return undefined;
      at = end + 2;
    } else {
      return text.slice(at);
    }
  }
}

/**
 * True for a statement that cannot write: a plain `SELECT` without `INTO`. Everything else
 * (`WITH`, which may hold a data-modifying CTE, `EXPLAIN ANALYZE`, DDL, `BEGIN`/`COMMIT`...)
 * counts as a write. The schema defines trigger functions only, which a `SELECT` cannot call.
 */
export function isReadOnlyStatement(text: string): boolean {
  const statement = skipLeadingNoise(text);
  return statement !== undefined && SELECT.test(statement) && !INTO.test(statement);
}

/**
 * Tables that no page shows and that have no trigger or rule of their own (their foreign-key
 * checks only read the rows they point to):
 * rows added to them cannot move a page version (decision 0010), so their inserts do not
 * count as writes. A page-view beacon on every page would otherwise make every next cache hit
 * read the version again. Adding a trigger to one of these tables fails a test.
 */
export const PAGE_NEUTRAL_TABLES: ReadonlySet<string> = new Set(['tracking_events']);
const NEUTRAL_INSERT = /^insert\s+into\s+"?([a-z_][a-z0-9_]*)"?\s*\(/i;

/**
 * True for a plain `INSERT INTO` one of {@link PAGE_NEUTRAL_TABLES}. Such a statement writes
 * that table only: PostgreSQL allows data-modifying `WITH` only before the `INSERT`, and the
 * schema has no functions but trigger functions for a `SELECT` inside it to call.
 */
export function isPageNeutralStatement(text: string): boolean {
  const statement = skipLeadingNoise(text);
  const match = statement === undefined ? null : NEUTRAL_INSERT.exec(statement);
  return match !== null && PAGE_NEUTRAL_TABLES.has(match[1]!.toLowerCase());
}

/** The SQL text of one Parse message; undefined when it is malformed. */
function parsedStatement(message: Uint8Array): string | undefined {
  const nameEnd = message.indexOf(0, 5);
  if (nameEnd < 0) return undefined;
  const textEnd = message.indexOf(0, nameEnd + 1);
  if (textEnd < 0) return undefined;
  return Buffer.from(message.buffer, message.byteOffset + nameEnd + 1, textEnd - nameEnd - 1).toString('utf8');
}

function isSingleMessage(message: Uint8Array): boolean {
  return message.length >= 5 && messageLength(message) + 1 === message.length;
}

function messageLength(message: Uint8Array): number {
  return ((message[1]! << 24) | (message[2]! << 16) | (message[3]! << 8) | message[4]!) >>> 0;
}

function endsWithSync(message: Uint8Array): boolean {
  const at = message.length - 5;
  return at >= 0 && message[at] === SYNC && message[at + 1] === 0 && message[at + 2] === 0 && message[at + 3] === 0 && message[at + 4] === 4;
}

/**
 * Counts the writes of one PGlite client from the protocol messages it executes. A Parse of
 * a statement that is neither read-only nor page-neutral opens a write that lasts until its Sync; a simple-protocol
 * query (`exec`, `BEGIN`, `COMMIT`, `ROLLBACK`), a batch of messages or any other message is a
 * write on its own. The value grows after each message of a write has run, so it has grown
 * before any caller of a committed write gets its answer. Call once per client.
 */
export function watchWrites(client: ProtocolClient): WriteEpoch {
  const state = { value: 0, writing: false };
  const run = client.execProtocolRawSync.bind(client);
  let segmentWrites = false;
  client.execProtocolRawSync = (message: Uint8Array): Uint8Array => {
    const type = message[0];
    let writes: boolean;
    if (!isSingleMessage(message)) {
      writes = true;
      segmentWrites = !endsWithSync(message);
    } else if (type === PARSE) {
      const text = parsedStatement(message);
      segmentWrites = text === undefined || !(isReadOnlyStatement(text) || isPageNeutralStatement(text));
      writes = segmentWrites;
    } else if (type === SYNC || EXTENDED_FOLLOW_UP.has(type!)) {
      writes = segmentWrites;
    } else {
      writes = true;
    }
    if (!writes) {
      const result = run(message);
      if (type === SYNC) segmentWrites = false;
      return result;
    }
    state.writing = true;
    state.value += 1;
    try {
      return run(message);
    } finally {
      state.value += 1;
      if (type === SYNC) segmentWrites = false;
      state.writing = segmentWrites;
    }
  };
  return state;
}
