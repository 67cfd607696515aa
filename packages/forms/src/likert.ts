/** Likert answers -2..2 and their labels. */
export const LIKERT_LABELS: ReadonlyArray<{ readonly value: number; readonly label: string }> = Object.freeze([
  { value: -2, label: 'Strongly Disagree' },
  { value: -1, label: 'Disagree' },
  { value: 0, label: 'Neutral' },
  { value: 1, label: 'Agree' },
  { value: 2, label: 'Strongly Agree' },
]);

/** The label of a likert answer; throws for values outside -2..2. */
export function likertLabel(value: number | string): string {
  const n = Number(value);
  const found = LIKERT_LABELS.find((l) => l.value === n);
  if (!found) throw new RangeError(`Likert value out of range: ${JSON.stringify(value)}`);
  return found.label;
}
