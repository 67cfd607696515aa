import type { CookieJar, KeyValueStore } from './browser-storage.js';

/**
 * A cookie jar that behaves like `document.cookie` for the attributes the collector writes:
 * reading gives `name=value` pairs; writing with `Max-Age=0` deletes; `Max-Age` is kept so
 * tests can check lifetimes. `refuse` makes it drop every write, as a browser blocking cookies does.
 */
export class FakeCookieJar implements CookieJar {
  readonly jar = new Map<string, { value: string; maxAge?: number; secure: boolean; path?: string }>();
  constructor(
    initial: Record<string, string> = {},
    private readonly refuse = false,
  ) {
    for (const [name, value] of Object.entries(initial)) this.jar.set(name, { value, secure: false });
  }
  get cookie(): string {
    return [...this.jar].map(([name, c]) => `${name}=${c.value}`).join('; ');
  }
  set cookie(text: string) {
    if (this.refuse) return;
    const [pair, ...attrs] = text.split(';').map((s) => s.trim());
    const eq = pair!.indexOf('=');
    const name = pair!.slice(0, eq);
    const value = pair!.slice(eq + 1);
    const maxAgeAttr = attrs.find((a) => a.startsWith('Max-Age='));
    const maxAge = maxAgeAttr ? Number(maxAgeAttr.slice(8)) : undefined;
    if (maxAge !== undefined && maxAge <= 0) this.jar.delete(name);
    else this.jar.set(name, { value, maxAge, secure: attrs.includes('Secure'), path: attrs.find((a) => a.startsWith('Path='))?.slice(5) });
  }
  /** The cookie's lifetime in seconds (undefined for a browser-session cookie). */
  maxAgeOf(name: string): number | undefined {
    return this.jar.get(name)?.maxAge;
  }
}

/** An in-memory Storage; `broken` makes every call throw, as blocked storage does. */
export class FakeStorage implements KeyValueStore {
  readonly items = new Map<string, string>();
  constructor(private readonly broken = false) {}
  getItem(key: string): string | null {
    if (this.broken) throw new Error('SecurityError');
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string): void {
    if (this.broken) throw new Error('QuotaExceededError');
    this.items.set(key, value);
  }
  removeItem(key: string): void {
    if (this.broken) throw new Error('SecurityError');
    this.items.delete(key);
  }
}
