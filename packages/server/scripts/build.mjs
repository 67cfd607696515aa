// Compiles the server (its own source and the workspace packages it uses) into one ES module,
// dist/cli.js, that `node` runs without a TypeScript loader. npm dependencies stay external and
// load from node_modules; the SQL migrations and the demo shop photos are copied beside the bundle.
import { build } from 'esbuild';
import { cpSync, rmSync } from 'node:fs';
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
  outfile: `${dist}/cli.js`,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  sourcemap: true,
  legalComments: 'none',
  plugins: [externalNpmPackages],
  logLevel: 'warning',
});
cpSync(`${root}src/db/migrations`, `${dist}/migrations`, { recursive: true });
cpSync(`${root}src/seed/demo-photos`, `${dist}/demo-photos`, { recursive: true });
console.log(`server compiled to dist/cli.js in ${Date.now() - started} ms`);
