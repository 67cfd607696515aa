import { table, type FormatterTable, type PredicateTable } from '../../plugin-api.js';
import { currentType } from './current-type.js';

/** The slide formatter family (it has no formatters). */
export const formatters: FormatterTable = table({});

/** The slide predicate family. */
export const predicates: PredicateTable = table({ 'current-type?': currentType });
