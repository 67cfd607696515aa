/** Command-line options of the template benchmarks. */

/** The integer after `name` in the process arguments, or `fallback`; below `min` is an error. */
export function intOption(name: string, fallback: number, min = 1): number {
  const i = process.argv.indexOf(name);
  if (i === -1) return fallback;
  const v = Number(process.argv[i + 1]);
  if (!Number.isInteger(v) || v < min) throw new Error(`${name} must be an integer >= ${min}`);
  return v;
}
