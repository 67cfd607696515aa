import { emporiumTargets } from './load/targets.js';

/**
 * Runs only the add-to-cart POSTs of `npm run bench:server` against a server already running on
 * `port` (for profiling it, e.g. started with `node --cpu-prof`), and prints req/s and p50/p99.
 * Usage: `npx tsx bench/add-profile.ts <port> [seconds] [connections] [runs]`.
 */
const [portArg, secondsArg = '5', connectionsArg = '16', runsArg = '1'] = process.argv.slice(2);
if (!portArg) throw new Error('usage: add-profile.ts <port> [seconds] [connections] [runs]');
const targets = await emporiumTargets('server', Number(portArg));
const add = targets.find((t) => t.label.endsWith('add-to-cart POST'))!;
for (let i = 0; i < Number(runsArg); i += 1) {
  const result = await add.autocannon({ seconds: Number(secondsArg), connections: Number(connectionsArg) });
  console.log(`add to cart: ${Math.round(result.rps)} req/s, p50 ${result.p50} ms, p99 ${result.p99} ms, failures ${result.failures}`);
}
