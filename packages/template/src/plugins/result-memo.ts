/**
 * Results of CLDR formatting that depend only on the locale (one CLDR instance per locale), options
 * parsed once per argument list (so the same object for the life of a compiled call) and the input
 * value. Keyed by CLDR instance, then options object, then a value key; each (locale, options) pair
 * keeps at most `capacity` values and starts over when full. Values are formatted strings (or tables of them).
 */
export class ResultMemo<V = string> {
  private readonly byCldr = new WeakMap<object, WeakMap<object, Map<string, V>>>();

  constructor(private readonly capacity: number) {}

  /** The table for one locale and options object, created on first use. */
  table(cldr: object, options: object): Map<string, V> {
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
  store(results: Map<string, V>, key: string, value: V): V {
    if (results.size >= this.capacity) results.clear();
    results.set(key, value);
    return value;
  }
}
