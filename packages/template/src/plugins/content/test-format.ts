import { fakeContext, runFormatter } from './fake-context.js';
import { formatters } from './index.js';

/** Test helper: runs a content formatter by name with `value` as the innermost node above `outer`. */
export function formatContent(name: string, value: unknown, args: string[] = [], outer: unknown[] = [], index?: number) {
  const formatter = formatters[name];
  if (!formatter) throw new Error(`no formatter ${name}`);
  return runFormatter(formatter, value, args, fakeContext({ stack: [...outer, value], index }));
}
