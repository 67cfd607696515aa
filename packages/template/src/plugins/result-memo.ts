/**
 * Results of CLDR formatting that depend only on the locale (one CLDR instance per locale), options
 * parsed once per argument list (so the same object for the life of a compiled call) and the input
 * value. Keyed by CLDR instance, then options object, then a value key; each (locale, options) pair
 * keeps at most `capacity` values and starts over when full. Stores formatted strings only.
 */
export class ResultMemo {
  private readonly byCldr = new WeakMap<object, WeakMap<object, Map<string, string>>>();

  constructor(private readonly capacity: number) {}

  /** The table for one locale and options object, created on first use. */
  table(cldr: object, options: object): Map<string, string> {
    let byOptions = this.byCldr.get(cldr);
    if (byOptions === undefined) {
      byOptions = new WeakMap();
      this.byCldr.set(cldr, byOptions);
    }
    let results = byOptions.get(options);
    if (results === undefined) {
      results = new Map();
      byOptions.set(options, results);
    }
    return results;
  }

  /** Stores `value` under `key` in `results`, starting the table over when it is full. */
  store(results: Map<string, string>, key: string, value: string): string {
    if (results.size >= this.capacity) results.clear();
    results.set(key, value);
    return value;
  }
}
