/** Debug rendering of compiled expressions (`{.eval #...}`). */
import { OPERATOR_INFO, T } from './operators.js';

function describeToken(t: unknown): string {
  if (t === null) return 'null';
  switch (typeof t) {
    case 'boolean':
      return t ? 'true' : 'false';
    case 'number':
      return String(t);
    case 'string':
      return JSON.stringify(t);
    default: {
      const a = t as unknown[];
      switch (a[0]) {
        case T.OP:
          return `<${(OPERATOR_INFO[a[1] as number] as readonly [number, boolean, string])[2]}>`;
        case T.VAR:
          return (a[1] as unknown[]).join('.');
        case T.CALL:
          return `${String(a[1])}()`;
        case T.ARGS:
          return '<args>';
        case T.SPECIAL:
          return String(a[1]);
        default:
          return '<unk>';
      }
    }
  }
}

/** `[[tok tok], [tok]]` for each `;`-separated expression. */
export function describeExpression(rpn: unknown[][]): string {
  return `[${rpn.map((e) => '[' + e.map(describeToken).join(' ') + ']').join(', ')}]`;
}
