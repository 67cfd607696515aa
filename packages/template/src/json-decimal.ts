/**
 * A JSON number kept as written. `parseJson` produces one for every number whose
 * JavaScript form differs from its source text (`1.0`, `0.50`, `1e3`,
 * `12345678901234567890`); other numbers stay plain `number`s.
 */
export class JsonDecimal {
  readonly #text: string;
  readonly #value: number;

  /** `text` is the JSON source of the number (out-of-range numbers are ±Infinity, as in `JSON.parse`); throws when it is not JSON number syntax. */
  constructor(text: string) {
    if (!JSON_NUMBER.test(text)) throw new SyntaxError(`Not a JSON number: '${text}'`);
    this.#text = text;
    this.#value = Number(text);
    Object.freeze(this);
  }

  /** The number as written in the source. */
  get text(): string {
    return this.#text;
  }

  /** The nearest JavaScript number. */
  get value(): number {
    return this.#value;
  }

  /** Arithmetic and comparison operators see the number. */
  valueOf(): number {
    return this.#value;
  }

  /** Printing shows the source text. */
  toString(): string {
    return this.#text;
  }

  /** `JSON.stringify` writes the number (plain JSON has no way to keep the source text). */
  toJSON(): number {
    return this.#value;
  }
}

const JSON_NUMBER = /^-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/;

/** A JSON number value as a plain value: a {@link JsonDecimal} becomes its number, anything else is returned unchanged. */
export function plainValue(value: unknown): unknown {
  return value instanceof JsonDecimal ? value.value : value;
}

/** The number of a `number` or {@link JsonDecimal}; undefined for every other value. */
export function jsonNumber(value: unknown): number | undefined {
  if (typeof value === 'number') return value;
  return value instanceof JsonDecimal ? value.value : undefined;
}
