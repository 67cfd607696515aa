/** @emporium/server public API. */
export { buildApp, type AppDeps, type BuildAppOptions } from './app.js';
export { loadConfig, ConfigError, CONFIG_DEFAULTS, type AppConfig } from './config.js';
export * from './db/index.js';
export * from './errors/index.js';
export * from './http/index.js';
export * from './sites/index.js';
