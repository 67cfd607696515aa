import { createHash } from 'node:crypto';

/** Spec 9: stacks are cut at 5000 characters. */
export const MAX_STACK = 5000;
/** Frames of the site's own scripts that identify an error group. */
const TOP_FRAMES = 3;

/**
 * The message of an error with what varies between occurrences replaced: URLs by `<url>`,
 * quoted text by `"…"`, long hex or numeric ids and numbers by `<n>`.
 */
export function normaliseMessage(message: string): string {
  return message
    .replace(/\bhttps?:\/\/\S+/g, '<url>')
    .replace(/(["'`])(?:(?!\1).){0,200}\1/g, '"…"')
    .replace(/\b[0-9a-f]{8,}\b/gi, '<n>')
    .replace(/\b\d+(?:\.\d+)?\b/g, '<n>')
    .replace(/\s+/g, ' ')
    .trim()
    .slice(0, 500);
}

/** One parsed stack frame: function name and script path (query, line and column left out). */
interface Frame {
  fn: string;
  file: string;
  own: boolean;
}

/** V8 `at fn (url:line:col)` / `at url:line:col` and Firefox/Safari `fn@url:line:col` frames. */
const V8_FRAME = /^\s*at (?:(.+?) \()?(.+?):\d+:\d+\)?\s*$/;
const GECKO_FRAME = /^\s*(.*?)@(.+?):\d+:\d+\s*$/;

function parseFrame(line: string, ownHost: string): Frame | null {
  const match = V8_FRAME.exec(line) ?? GECKO_FRAME.exec(line);
  if (!match) return null;
  const fn = (match[1] ?? '').trim() || '<anonymous>';
  const location = match[2]!;
  try {
    const url = new URL(location);
    return { fn, file: url.pathname, own: url.host.toLowerCase() === ownHost.toLowerCase() };
  } catch {
    return { fn, file: location.split('?')[0]!, own: false };
  }
}

/** The first frames of the stack that run the site's own scripts (served from its host). */
export function ownTopFrames(stack: string, ownHost: string): string[] {
  const frames: string[] = [];
  for (const line of stack.split('\n')) {
    const frame = parseFrame(line, ownHost);
    if (frame?.own) frames.push(`${frame.fn} ${frame.file}`);
    if (frames.length === TOP_FRAMES) break;
  }
  return frames;
}

/** The group key of a script error: a hash of its type, normalised message and top own frames. */
export function errorFingerprint(type: string, message: string, stack: string, ownHost: string): string {
  return createHash('sha256')
    .update([type, normaliseMessage(message), ...ownTopFrames(stack, ownHost)].join('\n'))
    .digest('hex')
    .slice(0, 32);
}
