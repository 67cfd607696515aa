/**
 * JSON-T template engine: public API.
 *
 * ```ts
 * const engine = new Engine();
 * const { template, errors } = engine.compile('Hello {name|html}!');
 * const { output } = engine.render(template, { json: { name: 'World' } });
 * ```
 */
export { Engine, DEFAULT_LIMITS, DEFAULT_LOCALE, DEFAULT_TIME_ZONE } from './engine';
export type { EngineOptions, EngineLimits, RenderOptions, RenderResult, CompileResult, CldrProvider } from './engine';
export type { TemplateError } from './errors';
export { formatError } from './errors';
export type { Template, Inst, Path } from './instructions';
export { Op } from './opcodes';
export { toReferenceTree } from './reference-tree';
export { isTruthy, printValue } from './values';
export { escapeHtml } from './plugins/core/escape';
export { parseJson, MAX_JSON_DEPTH } from './parse-json';
export { JsonDecimal, jsonNumber, plainValue } from './json-decimal';
export { table, mapFormatter } from './plugin-api';
export type {
  Formatter,
  Predicate,
  FormatterTable,
  PredicateTable,
  PluginContext,
  Variable,
} from './plugin-api';
export { createCldrProvider, languageOf } from './cldr/index';
export type { PackLoader } from './cldr/index';
