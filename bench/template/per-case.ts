/** Per-case timing of both engines on the corpus: which cases cost us the most, absolute and relative. */
import { join } from 'node:path';
import { Engine } from '../../packages/template/src/index';
import { nodeCldrProvider } from '../../packages/template/src/cldr/node';
import { loadCorpus } from './corpus';
import { referenceCompiler } from './reference';

const SHARED = join(import.meta.dirname, '..', '..', '..', 'shared');
const NOW = Date.UTC(2026, 0, 15, 12, 0, 0);
const cldr = nodeCldrProvider();
const engine = new Engine({ cldr });
const ref = referenceCompiler();
const cases = loadCorpus(join(SHARED, 'conformance', 'template-engine'));
const N = Number(process.argv[2] ?? 200);
function time(f: () => unknown): number {
  for (let i = 0; i < 20; i++) f();
  const t = process.hrtime.bigint();
  for (let i = 0; i < N; i++) f();
  return Number(process.hrtime.bigint() - t) / N / 1000;
}
const rows = cases.map((c) => {
  const { template } = engine.compile(c.source);
  const opts = { json: c.json, partials: c.partials, injects: c.injects, locale: c.locale, now: c.now ?? NOW };
  const { code } = ref.parse(c.source);
  const props = { code, json: c.refJson, partials: c.partials, injects: c.refInjects, cldr: cldr(c.locale), now: c.now ?? NOW, enableExpr: true, enableInclude: true };
  const o = time(() => engine.render(template, opts).output);
  const r = time(() => ref.execute(props).ctx.render());
  return { name: c.name, o, r };
});
const so = rows.reduce((a, x) => a + x.o, 0), sr = rows.reduce((a, x) => a + x.r, 0);
console.log(`total ours ${so.toFixed(0)}us ref ${sr.toFixed(0)}us ratio ${(sr / so).toFixed(2)}`);
rows.sort((a, b) => b.o - a.o);
for (const x of rows.slice(0, Number(process.argv[3] ?? 40))) console.log(`${x.o.toFixed(1).padStart(8)} ${x.r.toFixed(1).padStart(8)} ${(x.r / x.o).toFixed(2).padStart(6)}  ${x.name}`);
