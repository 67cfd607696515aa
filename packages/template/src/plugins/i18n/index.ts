import { table, type FormatterTable, type PredicateTable } from '../../plugin-api';
import { datetime } from './datetime';
import { datetimeInterval } from './datetime-interval';
import { datetimefield } from './datetimefield';
import { decimal } from './decimal';
import { i18nMoneyFormat } from './legacy-money';
import { message } from './message';
import { money } from './money';
import { relativeTime } from './relative-time';
import { timesince } from './timesince';
import { unit } from './units/format-unit';
import { unitsMetric } from './units-metric';

/** The i18n formatter family. */
export const formatters: FormatterTable = table({
  datetime,
  'datetime-interval': datetimeInterval,
  datetimefield,
  decimal,
  'i18n-money-format': i18nMoneyFormat,
  message,
  money,
  plural: message,
  'relative-time': relativeTime,
  timesince,
  unit,
});

/** The i18n predicate family. */
export const predicates: PredicateTable = table({ 'units-metric?': unitsMetric });
