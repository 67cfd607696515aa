import { z } from 'zod';
import type { ThemeProblem } from './problem.js';

/** A layout of `template.conf`: regions joined in order. */
const layoutSchema = z.object({
  name: z.string().optional(),
  regions: z.array(z.string().min(1)).min(1),
});

const navigationSchema = z.object({
  name: z.string().regex(/^[A-Za-z][A-Za-z0-9_-]{0,63}$/, 'a navigation name is letters, digits, - and _'),
  title: z.string().optional(),
});

/** `template.conf`, as documented; other keys are kept and reported. */
export const templateConfSchema = z.object({
  name: z.string().min(1).max(200),
  author: z.string().max(200).optional(),
  layouts: z.record(z.string(), layoutSchema),
  navigations: z.array(navigationSchema).optional(),
  stylesheets: z.array(z.string().min(1)).optional(),
  systemCollections: z.array(z.string()).optional(),
  systemPartials: z.array(z.string()).optional(),
});
export type TemplateConf = z.infer<typeof templateConfSchema>;

/** `collections/{type}.conf`. */
export const collectionConfSchema = z.object({
  title: z.string().optional(),
  ordering: z.string().optional(),
  addText: z.string().optional(),
  acceptTypes: z.array(z.string()).optional(),
  folder: z.boolean().optional(),
  index: z.boolean().optional(),
  icon: z.string().optional(),
  viewModes: z.array(z.enum(['list', 'grid', 'product'])).optional(),
});
export type CollectionConf = z.infer<typeof collectionConfSchema>;

/** `pages/{name}.page.conf`. */
export const pageConfSchema = z.object({
  title: z.string().optional(),
  description: z.string().optional(),
  navigationTitle: z.string().optional(),
});
export type PageConf = z.infer<typeof pageConfSchema>;

/** Keys real templates carry that we read nothing from; reported as notes, not warnings about typos. */
const KNOWN_EXTRA_KEYS = new Set(['useImageMeta', 'customTypes', 'defaultLayout', 'systemPartialsOptions', 'lockLayout', 'description', 'version']);

function lineOf(source: string, offset: number): { line: number; column: number } {
  const before = source.slice(0, Math.max(0, offset));
  const line = before.split('\n').length;
  return { line, column: offset - before.lastIndexOf('\n') };
}

/** JSON with `//` and `/* *\/` comments and trailing commas removed (seen in hand-written .conf files). */
function relaxed(source: string): string {
  let out = '';
  let inString = false;
  for (let i = 0; i < source.length; i++) {
    const c = source[i]!;
    if (inString) {
      out += c;
      if (c === '\\') out += source[++i] ?? '';
      else if (c === '"') inString = false;
    } else if (c === '"') {
      inString = true;
      out += c;
    } else if (c === '/' && source[i + 1] === '/') {
      while (i < source.length && source[i] !== '\n') i++;
      out += '\n';
    } else if (c === '/' && source[i + 1] === '*') {
      const end = source.indexOf('*/', i + 2);
      const skipped = source.slice(i, end < 0 ? source.length : end + 2);
      out += skipped.replace(/[^\n]/g, ' ');
      i = end < 0 ? source.length : end + 1;
    } else out += c;
  }
  return out.replace(/,(\s*[}\]])/g, ' $1');
}

/**
 * Parses a `.conf` file against its schema. Broken JSON or a wrong shape is an error with the
 * file and line; unknown keys are kept out of the result and reported as warnings.
 */
export function parseConf<T extends z.ZodObject>(file: string, source: string, schema: T, problems: ThemeProblem[]): z.infer<T> | undefined {
  let raw: unknown;
  try {
    raw = JSON.parse(source);
  } catch {
    try {
      raw = JSON.parse(relaxed(source));
      problems.push({ file, line: 1, column: 1, severity: 'warning', message: 'not strict JSON (comments or trailing commas were ignored)' });
    } catch (error) {
      const at = /position (\d+)/.exec(String(error));
      const { line, column } = at ? lineOf(source, Number(at[1])) : { line: 1, column: 1 };
      problems.push({ file, line, column, severity: 'error', message: `not valid JSON: ${(error as Error).message}` });
      return undefined;
    }
  }
  if (!raw || typeof raw !== 'object' || Array.isArray(raw)) {
    problems.push({ file, line: 1, column: 1, severity: 'error', message: 'must hold a JSON object' });
    return undefined;
  }
  for (const key of Object.keys(raw)) {
    if (key in schema.shape) continue;
    const message = KNOWN_EXTRA_KEYS.has(key) ? `"${key}" is not used by Emporium and is ignored` : `unknown key "${key}" is ignored`;
    problems.push({ file, ...lineOf(source, source.indexOf(`"${key}"`)), severity: 'warning', message });
  }
  const parsed = schema.safeParse(raw);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const key = issue.path[0];
      const at = typeof key === 'string' ? source.indexOf(`"${key}"`) : 0;
      problems.push({ file, ...lineOf(source, at), severity: 'error', message: `${issue.path.join('.') || 'file'}: ${issue.message}` });
    }
    return undefined;
  }
  return parsed.data;
}
