import { matchesAt } from './syntax.js';

/** Registered names looked up straight from a source range, without copying the range first. */
export class NameTable {
  private readonly buckets = new Map<number, string[]>();

  constructor(names: Iterable<string> = []) {
    for (const name of names) this.add(name);
  }

  /** Adds a name (no-op when present). */
  add(name: string): void {
    if (name.length === 0) return;
    const key = bucketKey(name.length, name.charCodeAt(0));
    const list = this.buckets.get(key);
    if (!list) this.buckets.set(key, [name]);
    else if (!list.includes(name)) list.push(name);
  }

  /** The registered name equal to `s[start, end)`, or undefined. */
  find(s: string, start: number, end: number): string | undefined {
    if (end <= start) return undefined;
    const list = this.buckets.get(bucketKey(end - start, s.charCodeAt(start)));
    if (list === undefined) return undefined;
    for (let n = 0; n < list.length; n++) {
      const name = list[n] as string;
      if (matchesAt(s, start, name)) return name;
    }
    return undefined;
  }
}

function bucketKey(length: number, first: number): number {
  return (length & 0x7fff) * 0x10000 + first;
}
