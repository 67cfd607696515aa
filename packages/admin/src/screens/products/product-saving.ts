import { api } from '../../api/http.js';
import { STOCK_IMPORT_PATH, stockCsv, stockPath, type ChangeSet, type VariantRow } from './product-model.js';

/** Above this many stock changes, one stock import replaces a call per variant. */
const STOCK_CALLS_AT_MOST = 20;

/** Maps the server's per-field messages: product fields go to the form, `variants.N...` to the grid's rows. */
export function splitServerFields(fields: Readonly<Record<string, string>>, rows: readonly VariantRow[]) {
  const form: [string, string][] = [];
  const grid: Record<string, Record<string, string>> = {};
  for (const [path, message] of Object.entries(fields)) {
    const match = /^variants\.(\d+)(?:\.([A-Za-z]+))?/.exec(path);
    const row = match ? rows[Number(match[1])] : undefined;
    if (match && row) {
      grid[row.key] = { ...grid[row.key], [match[2] ?? 'row']: message };
    } else form.push([path, message]);
  }
  return { form, grid };
}

async function inBatches<T>(items: readonly T[], size: number, run: (item: T) => Promise<unknown>): Promise<void> {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(run));
}

/** Sends the stock changes of kept variants: a call each, or one import when there are many. */
export async function saveStock(stock: ChangeSet['stock']): Promise<string[]> {
  if (stock.length === 0) return [];
  if (stock.length <= STOCK_CALLS_AT_MOST) {
    await inBatches(stock, 6, (s) => api(stockPath(s.variantId), { method: 'PUT', body: { qtyInStock: s.qtyInStock, unlimited: s.unlimited } }));
    return [];
  }
  const report = await api<{ rejected: { line: number; reason: string }[] }>(STOCK_IMPORT_PATH, { method: 'POST', body: { csv: stockCsv(stock) } });
  return report.rejected.map((r) => `Stock line ${r.line}: ${r.reason}`);
}
