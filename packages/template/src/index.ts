/**
 * JSON-T template engine: public API.
 *
 * ```ts
 * const engine = new Engine();
 * const { template, errors } = engine.compile('Hello {name|html}!');
 * const { output } = engine.render(template, { json: { name: 'World' } });
 * ```
 */
export { Engine, DEFAULT_LIMITS, DEFAULT_LOCALE, DEFAULT_TIME_ZONE } from './engine.js';
export type { EngineOptions, EngineLimits, RenderOptions, RenderResult, CompileResult, CldrProvider } from './engine.js';
export type { TemplateError } from './errors.js';
export { formatError } from './errors.js';
export type { Template, Inst, Path } from './instructions.js';
export { Op } from './opcodes.js';
export { toReferenceTree } from './reference-tree.js';
export { isTruthy, printValue } from './values.js';
export { escapeHtml } from './plugins/core/escape.js';
export { parseJson, MAX_JSON_DEPTH } from './parse-json.js';
export { JsonDecimal, jsonNumber, plainValue } from './json-decimal.js';
export { table, mapFormatter } from './plugin-api.js';
export type {
  Formatter,
  Predicate,
  FormatterTable,
  PredicateTable,
  PluginContext,
  Variable,
} from './plugin-api.js';
export { createCldrProvider, languageOf } from './cldr/index.js';
export type { PackLoader } from './cldr/index.js';
