// Compiles the server (its own source and the workspace packages it uses) into one ES module,
// dist/server.js, that `node` runs without a TypeScript loader, behind dist/cli.js, which settles
// NODE_ENV (production unless set) before React is first loaded: React picks its production or
// development build when it loads, and a bundle's imports load before any of its code runs.
// npm dependencies stay external and load from node_modules; the SQL migrations and the demo
// shop photos are copied beside the bundle.
import { build } from 'esbuild';
import { cpSync, rmSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const dist = `${root}dist`;

/** Bundles workspace packages (TypeScript source) and leaves every npm package external. */
const externalNpmPackages = {
  name: 'external-npm-packages',
  setup(pluginBuild) {
    pluginBuild.onResolve({ filter: /^[^./]/ }, (args) => {
      if (args.path.startsWith('@emporium/') || args.path.startsWith('node:')) return undefined;
      return { path: args.path, external: true };
    });
  },
};

rmSync(dist, { recursive: true, force: true });
const started = Date.now();
await build({
  entryPoints: [`${root}src/cli.ts`],
  outfile: `${dist}/server.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  plugins: [externalNpmPackages],
  logLevel: 'warning',
});
writeFileSync(
  `${dist}/cli.js`,
  `#!/usr/bin/env node
process.env.NODE_ENV ??= 'production';
const { runCli } = await import('./server.js');
const code = await runCli(process.argv.slice(2), { out: (line) => console.log(line), err: (line) => console.error(line), env: process.env });
process.exit(code);
`,
);
cpSync(`${root}src/db/migrations`, `${dist}/migrations`, { recursive: true });
cpSync(`${root}src/seed/demo-photos`, `${dist}/demo-photos`, { recursive: true });
console.log(`server compiled to dist/cli.js in ${Date.now() - started} ms`);
