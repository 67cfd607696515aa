import { z } from 'zod';
import { oneOf, text } from './fields.js';
import { CHART_MAX_COLUMNS, CHART_MAX_ROWS, ChartMessages } from './messages.js';

/** A dataset: the header row (the label column's name, then each series), then a label and a value per series in each row. */
export type ChartData = string[][];

/** `data` cut to the chart limits: at most {@link CHART_MAX_ROWS} rows and {@link CHART_MAX_COLUMNS} columns, and whether anything was cut. */
export function truncateDataset(data: readonly (readonly string[])[]): { data: ChartData; truncated: boolean } {
  const rows = data.slice(0, CHART_MAX_ROWS);
  const truncated = data.length > CHART_MAX_ROWS || rows.some((row) => row.length > CHART_MAX_COLUMNS);
  return { data: rows.map((row) => row.slice(0, CHART_MAX_COLUMNS)), truncated };
}

/** The numbers of a dataset cell ('1,200' and ' 3.5 ' are numbers), or NaN. */
export function chartNumber(cell: string): number {
  const trimmed = cell.trim().replace(/,/g, '');
  return trimmed === '' ? Number.NaN : Number(trimmed);
}

/** A dataset's problem as the chart editor names it (spec 5), or null when it can be drawn. */
export function datasetProblem(data: readonly (readonly string[])[]): string | null {
  const [header, ...rows] = data;
  if (!header || header.length < 2 || rows.length === 0) return ChartMessages.EMPTY;
  if (rows.some((row) => row.length < header.length || row.slice(0, header.length).some((cell) => cell.trim() === ''))) return ChartMessages.MISSING_DATA;
  for (const row of rows) {
    const bad = row.slice(1, header.length).find((cell) => !Number.isFinite(chartNumber(cell)));
    if (bad !== undefined) return ChartMessages.NOT_A_NUMBER(bad);
  }
  return null;
}

/** Chart (block type 62; variants bar, line and pie): drawn as SVG with the data as a table beside it. */
export const ChartBlock = z
  .strictObject({
    typeName: z.literal('chart'),
    chartType: oneOf(['bar', 'line', 'pie']).default('bar'),
    title: text(200).optional(),
    data: z.array(z.array(z.string().max(100)).max(1000)).max(1000),
  })
  .transform((chart) => ({ ...chart, data: truncateDataset(chart.data).data }))
  .superRefine((chart, ctx) => {
    const problem = datasetProblem(chart.data);
    if (problem) ctx.addIssue({ code: 'custom', path: ['data'], message: problem });
  });
