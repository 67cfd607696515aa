/** Reader for the conformance corpus's case files (`:SECTION` blocks). */
import { parseJson } from './parse-json.js';

/** A parsed case file: section name -> body. */
export type CaseSections = Record<string, string>;

const HEADER = /^:([a-zA-Z\d_-]+)\s*$/;

/** Splits a case file into sections; text before the first header is ignored. */
export function parseCaseFile(text: string): CaseSections {
  const out: CaseSections = Object.create(null) as CaseSections;
  let name: string | null = null;
  let lines: string[] = [];
  for (const line of text.split('\n')) {
    const m = HEADER.exec(line);
    if (m) {
      if (name !== null) out[name] = lines.join('\n');
      name = m[1] as string;
      lines = [];
    } else if (name !== null) lines.push(line);
  }
  if (name !== null) out[name] = lines.join('\n');
  return out;
}

/** Render inputs of a TEMPLATE+OUTPUT case. */
export interface CaseInputs {
  readonly template: string;
  readonly json: unknown;
  readonly partials: Record<string, string>;
  readonly injects: Record<string, unknown>;
  readonly locale: string;
  readonly now: number | undefined;
  readonly expected: string | undefined;
}

function parseProperties(text: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const raw of text.split('\n')) {
    const line = raw.trim();
    if (!line || line.startsWith('#') || line.startsWith('!')) continue;
    const m = /^([^=:\s]+)\s*[=:]\s*(.*)$/.exec(line);
    if (m) out[m[1] as string] = m[2] as string;
  }
  return out;
}

/**
 * Extracts render inputs; throws with a clear message when a JSON section is malformed.
 * The context (`:JSON`) and injected values are read with `parseJson`, keeping numbers as written.
 */
export function caseInputs(sections: CaseSections): CaseInputs {
  const parse = (name: string, parser: (text: string) => unknown = JSON.parse): unknown => {
    const body = sections[name];
    if (body === undefined || body.trim() === '') return undefined;
    try {
      return parser(body);
    } catch (e) {
      throw new Error(`section :${name} is not valid JSON: ${(e as Error).message}`);
    }
  };
  const params = (parse('PARAMS') ?? {}) as { locale?: string; now?: number };
  const props = sections['PROPERTIES'] !== undefined ? parseProperties(sections['PROPERTIES']) : {};
  const injectsRaw = (parse('INJECT') ?? {}) as Record<string, string>;
  const injects: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(injectsRaw)) {
    try {
      injects[k] = typeof v === 'string' ? parseJson(v) : v;
    } catch {
      injects[k] = v;
    }
  }
  const nowRaw = params.now ?? (props['now'] !== undefined ? Number(props['now']) : undefined);
  return {
    template: sections['TEMPLATE'] ?? '',
    json: parse('JSON', parseJson) ?? {},
    partials: (parse('PARTIALS') ?? {}) as Record<string, string>,
    injects,
    locale: params.locale ?? props['locale'] ?? 'en',
    now: nowRaw,
    expected: sections['OUTPUT'],
  };
}
