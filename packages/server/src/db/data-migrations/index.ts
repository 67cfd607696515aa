import type { Migration } from '../types.js';
import { cleanOwnerHtml0140 } from './0140-clean-owner-html.js';
import { cleanTranslatedHtml0223 } from './0223-clean-translated-html.js';

/**
 * Migrations written in TypeScript, applied by the migrator in version order among the SQL
 * files (their numbers are taken from the same sequence) and recorded in `schema_migrations`.
 */
export const DATA_MIGRATIONS: readonly Migration[] = Object.freeze([cleanOwnerHtml0140, cleanTranslatedHtml0223]);
