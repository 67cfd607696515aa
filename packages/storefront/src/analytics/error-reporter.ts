import { postTracked, TrackingPaths, type Transport } from './transport.js';

/** Spec 9 error reporter limits. */
export const ErrorReporterLimits = Object.freeze({
  /** Reports accepted per page. */
  PER_PAGE: 20,
  /** Reports waiting to be sent at once. */
  QUEUED: 10,
  /** The batch leaves this long after the last report (ms). */
  DEBOUNCE_MS: 1000,
  /** Characters of a stack that are sent. */
  STACK_CHARS: 5000,
  /** Characters of a message that are sent. */
  MESSAGE_CHARS: 1000,
  /** Characters of a page or script address that are sent. */
  URL_CHARS: 2048,
});

/** Event name of a reported script error. */
export const SCRIPT_ERROR_EVENT = 'javascript_error';

/** What is known of one script error (the `data` of spec 7's RecordJavascriptErrors events). */
export interface ScriptErrorData {
  message: string;
  errorType?: string;
  stack?: string;
  url?: string;
  filename?: string;
  lineno?: number;
  colno?: number;
}

/** One element of the RecordJavascriptErrors array (spec 7: event, data, timestamp). */
export interface ScriptErrorEvent {
  event: string;
  data: ScriptErrorData;
  timestamp: number;
}

/** Timers and the sending function the reporter uses. */
export interface ErrorReporterDeps {
  send: (events: ScriptErrorEvent[]) => void;
  now: () => number;
  setTimer: (fn: () => void, ms: number) => unknown;
  clearTimer: (id: unknown) => void;
}

/** A page's error reporter. */
export interface ErrorReporter {
  /** Queues one report; false when the page's 20 reports are used or 10 are already waiting. */
  report(data: ScriptErrorData): boolean;
  /** Sends what is queued now (the page is being left). */
  flush(): void;
}

/** One report with its stack cut at the spec's 5000 characters, and its message and addresses cut too. */
export function scriptErrorEvent(data: ScriptErrorData, timestamp: number): ScriptErrorEvent {
  const cut: ScriptErrorData = { ...data, message: data.message.slice(0, ErrorReporterLimits.MESSAGE_CHARS) };
  if (data.stack !== undefined) cut.stack = data.stack.slice(0, ErrorReporterLimits.STACK_CHARS);
  if (data.url !== undefined) cut.url = data.url.slice(0, ErrorReporterLimits.URL_CHARS);
  if (data.filename !== undefined) cut.filename = data.filename.slice(0, ErrorReporterLimits.URL_CHARS);
  if (data.errorType !== undefined) cut.errorType = data.errorType.slice(0, 100);
  return { event: SCRIPT_ERROR_EVENT, data: cut, timestamp };
}

/** Spec 9: at most 20 reports a page, at most 10 waiting, sent together 1 s after the last one. */
export function createErrorReporter(deps: ErrorReporterDeps): ErrorReporter {
  let accepted = 0;
  let queue: ScriptErrorEvent[] = [];
  let timer: unknown;
  const flush = () => {
    if (timer !== undefined) deps.clearTimer(timer);
    timer = undefined;
    if (queue.length === 0) return;
    const batch = queue;
    queue = [];
    deps.send(batch);
  };
  return {
    report(data) {
      if (accepted >= ErrorReporterLimits.PER_PAGE || queue.length >= ErrorReporterLimits.QUEUED) return false;
      accepted++;
      queue.push(scriptErrorEvent(data, deps.now()));
      if (timer !== undefined) deps.clearTimer(timer);
      timer = deps.setTimer(flush, ErrorReporterLimits.DEBOUNCE_MS);
      return true;
    },
    flush,
  };
}

/** Spec 7: POSTs the batch as a JSON array with the crumb cookie in the CSRF header. */
export function sendErrorReports(transport: Transport, events: ScriptErrorEvent[]): Promise<boolean> {
  return postTracked(transport, TrackingPaths.JAVASCRIPT_ERRORS, { body: JSON.stringify(events), contentType: 'application/json' });
}

function positive(n: unknown): number | undefined {
  return typeof n === 'number' && Number.isInteger(n) && n >= 0 ? n : undefined;
}

/** What a window `error` or `unhandledrejection` event tells about the failure. */
export function errorDataOf(event: Event, pageUrl: string): ScriptErrorData {
  const cause: unknown = 'reason' in event ? (event as PromiseRejectionEvent).reason : (event as ErrorEvent).error;
  const error = cause instanceof Error ? cause : undefined;
  const data: ScriptErrorData = { message: error?.message ?? ('reason' in event ? String(cause) : String((event as ErrorEvent).message)), url: pageUrl };
  if (error) data.errorType = error.name;
  else if ('reason' in event) data.errorType = 'UnhandledRejection';
  if (typeof error?.stack === 'string') data.stack = error.stack;
  if (!('reason' in event)) {
    const e = event as ErrorEvent;
    if (e.filename) data.filename = e.filename;
    const lineno = positive(e.lineno);
    const colno = positive(e.colno);
    if (lineno !== undefined) data.lineno = lineno;
    if (colno !== undefined) data.colno = colno;
  }
  return data;
}

/** Reports the window's uncaught errors and unhandled rejections; returns the function removing the listeners. */
export function installErrorReporter(win: Pick<Window, 'addEventListener' | 'removeEventListener' | 'location'>, reporter: ErrorReporter): () => void {
  const onError = (event: Event) => {
    try {
      reporter.report(errorDataOf(event, win.location.href));
    } catch {
      // spec 7: analytics failures never break a page
    }
  };
  win.addEventListener('error', onError);
  win.addEventListener('unhandledrejection', onError);
  return () => {
    win.removeEventListener('error', onError);
    win.removeEventListener('unhandledrejection', onError);
  };
}
