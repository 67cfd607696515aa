/**
 * Per-list memo for parsed formatter arguments. A compiled formatter call keeps its argument
 * list for the life of the template, so parsing keyed by the list runs once per call site,
 * not once per render. Parsed results are shared: callers must not mutate them.
 */
export class ArgsMemo<T> {
  private readonly byList = new WeakMap<readonly string[], T>();

  constructor(private readonly parse: (args: readonly string[]) => T) {}

  /** The parsed form of `args`, parsed on first use. */
  get(args: readonly string[]): T {
    let v = this.byList.get(args);
    if (v === undefined) {
      v = this.parse(args);
      this.byList.set(args, v);
    }
    return v;
  }
}
