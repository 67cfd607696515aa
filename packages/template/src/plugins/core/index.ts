import { table, type FormatterTable, type PredicateTable } from '../../plugin-api.js';
import { dataFormatters } from './formatters-data.js';
import { textFormatters } from './formatters-text.js';
import { corePredicates } from './predicates.js';

/** The core formatter family. */
export const formatters: FormatterTable = table({ ...textFormatters, ...dataFormatters });

/** The core predicate family. */
export const predicates: PredicateTable = table(corePredicates);
