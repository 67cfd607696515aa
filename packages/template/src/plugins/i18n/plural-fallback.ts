import type { MessageCode } from '@phensley/cldr';

/** Plural categories other than `other`. */
const CATEGORIES = ['zero', 'one', 'two', 'few', 'many'] as const;

const PLURAL = 2;
const SELECT = 3;
const BLOCK = 4;
const CATEGORY_CHOICE = 1;
const EMPTY: MessageCode = [0, ''];

/**
 * Gives every `plural` / `selectordinal` in compiled message code an empty branch for each
 * category it does not list, so that `other` runs only for the `other` category, as in the
 * reference (Java) engine: `{0 plural other{s}}` prints nothing for 1 in English
 * (corpus case i18n/f-message-plural-en-US). `@phensley/cldr` would fall back to `other`.
 * Returns new code; the input is not modified.
 */
export function withoutOtherFallback(code: MessageCode): MessageCode {
  const c = code as unknown as unknown[];
  switch (c[0]) {
    case BLOCK:
      return [BLOCK, (c[1] as MessageCode[]).map(withoutOtherFallback)] as unknown as MessageCode;
    case SELECT:
      return [SELECT, c[1], (c[2] as [string, MessageCode][]).map(([key, body]) => [key, withoutOtherFallback(body)])] as unknown as MessageCode;
    case PLURAL: {
      const choices = (c[4] as [number, unknown, MessageCode][]).map(
        ([type, key, body]) => [type, key, withoutOtherFallback(body)] as [number, unknown, MessageCode],
      );
      const listed = new Set(choices.filter((ch) => ch[0] === CATEGORY_CHOICE).map((ch) => ch[1]));
      for (const category of CATEGORIES) if (!listed.has(category)) choices.push([CATEGORY_CHOICE, category, EMPTY]);
      return [PLURAL, c[1], c[2], c[3], choices] as unknown as MessageCode;
    }
    default:
      return code;
  }
}
