#!/usr/bin/env node
// Runs the TypeScript CLI through tsx's ESM loader.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = main(process.argv.slice(2));
