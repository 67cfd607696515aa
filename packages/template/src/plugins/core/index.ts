import { table, type FormatterTable, type PredicateTable } from '../../plugin-api';
import { dataFormatters } from './formatters-data';
import { textFormatters } from './formatters-text';
import { corePredicates } from './predicates';

/** The core formatter family. */
export const formatters: FormatterTable = table({ ...textFormatters, ...dataFormatters });

/** The core predicate family. */
export const predicates: PredicateTable = table(corePredicates);
