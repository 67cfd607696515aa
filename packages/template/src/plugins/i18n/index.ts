import { table, type FormatterTable, type PredicateTable } from '../../plugin-api.js';
import { datetime } from './datetime.js';
import { datetimeInterval } from './datetime-interval.js';
import { datetimefield } from './datetimefield.js';
import { decimal } from './decimal.js';
import { i18nMoneyFormat } from './legacy-money.js';
import { message } from './message.js';
import { money } from './money.js';
import { relativeTime } from './relative-time.js';
import { timesince } from './timesince.js';
import { unit } from './units/format-unit.js';
import { unitsMetric } from './units-metric.js';

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
