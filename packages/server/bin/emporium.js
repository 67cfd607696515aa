#!/usr/bin/env node
import { register } from 'tsx/esm/api';

// React picks its production or development build when it first loads: settle the mode first.
process.env.NODE_ENV ??= 'production';
register();
const { runCli } = await import('../src/cli.ts');
const code = await runCli(process.argv.slice(2), {
  out: (line) => console.log(line),
  err: (line) => console.error(line),
  env: process.env,
});
process.exit(code);
