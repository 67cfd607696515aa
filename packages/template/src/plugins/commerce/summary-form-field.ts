import type { Formatter, PluginContext } from '../../plugin-api.js';
import { escapeAttribute } from '../core/escape.js';
import { asArray, asString, get, getPath, isObject, isTruthy, textOr } from './values.js';

/** Likert answer labels by score (spec section 9), localizable as `productAnswerMap*`. */
export const LIKERT_LABELS: ReadonlyArray<readonly [score: string, key: string, label: string]> = [
  ['-2', 'productAnswerMapStronglyDisagree', 'Strongly Disagree'],
  ['-1', 'productAnswerMapDisagree', 'Disagree'],
  ['0', 'productAnswerMapNeutral', 'Neutral'],
  ['1', 'productAnswerMapAgree', 'Agree'],
  ['2', 'productAnswerMapStronglyAgree', 'Strongly Agree'],
];

/** Shown when a field has no answer, unless `productSummaryFormNoAnswerText` is set. */
export const DEFAULT_NO_ANSWER_TEXT = 'N/A';

type AnswerRenderer = (field: unknown, ctx: PluginContext) => string;

const text = (field: unknown, key: string) => escapeAttribute(asString(getPath(field, ['values', key])));
const orZeros = (field: unknown, key: string) => (isTruthy(getPath(field, ['values', key])) ? text(field, key) : '00');

function likertAnswer(field: unknown, ctx: PluginContext): string {
  const strings = ctx.resolve(['localizedStrings']);
  const labels = new Map<string, string>();
  for (const [score, key, label] of LIKERT_LABELS) {
    const localized = get(strings, key);
    labels.set(score, typeof localized === 'string' ? localized : label);
  }
  const values = get(field, 'values');
  const rows = isObject(values)
    ? Object.keys(values).map((question) => {
        const answer = labels.get(asString(values[question])) || labels.get('0');
        return `\n  <div><span style="font-weight:bold;">${escapeAttribute(question)}:</span> ${escapeAttribute(answer ?? '')}</div>`;
      })
    : [];
  return `<div style="padding-left:5px;">${rows.join('')}\n</div>`;
}

const ANSWERS: Readonly<Record<string, AnswerRenderer>> = {
  address: (f) =>
    `<div style="padding-left:5px;">\n  <div>${text(f, 'Line1')}</div>` +
    (isTruthy(getPath(f, ['values', 'Line2'])) ? `\n  <div>${text(f, 'Line2')}</div>` : '') +
    `\n  <div>${text(f, 'City')}, ${text(f, 'State')} ${text(f, 'Zip')} ${text(f, 'Country')}</div>\n</div>`,
  checkbox: (f) => {
    const values = get(f, 'values');
    if (isTruthy(values))
      return `${asArray(values)
        .map((v) => escapeAttribute(asString(v)))
        .join(', ')}\n`;
    return escapeAttribute(asString(get(f, 'value')));
  },
  date: (f) => `${text(f, 'Month')}/${text(f, 'Day')}/${text(f, 'Year')}`,
  likert: likertAnswer,
  name: (f) => `${text(f, 'First')} ${text(f, 'Last')}`,
  phone: (f) =>
    (isTruthy(getPath(f, ['values', 'Country'])) ? `+${text(f, 'Country')} ` : '') + `${text(f, 'Areacode')}-${text(f, 'Prefix')}-${text(f, 'Line')}`,
  time: (f) => `${orZeros(f, 'Hour')}:${orZeros(f, 'Minute')}:${orZeros(f, 'Second')} ${text(f, 'Ampm')}`,
};

/**
 * `summary-form-field`: one answered form field for order summaries: its title and the
 * answer laid out by field kind (address, checkbox, date, likert, name, phone, time; any
 * other kind shows its single value), or the no-answer text. Answers are escaped.
 */
export const summaryFormFieldFormatter: Formatter = {
  apply(_args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const field = first.value;
    const kind = asString(get(field, 'type'));
    const render = Object.hasOwn(ANSWERS, kind) ? ANSWERS[kind] : undefined;
    const answer = render ? render(field, ctx) : escapeAttribute(asString(get(field, 'value')));
    const noAnswer = textOr(asString(ctx.resolve(['localizedStrings', 'productSummaryFormNoAnswerText'])).trim(), DEFAULT_NO_ANSWER_TEXT);
    first.set(
      '<div style="font-size:11px; margin-top:3px">\n  <span style="font-weight:bold;">' +
        `${escapeAttribute(asString(get(field, 'rawTitle')))}:</span> ${answer !== '' ? answer : noAnswer}\n</div>`,
    );
  },
};
