/**
 * Import rules of the repository (dependency-cruiser). `.ci/run` fails on any violation.
 * The layering is the one of docs/decisions/0015-server-shape.md: shared packages never import
 * the server or the browser code, the storefront never imports the server, no import cycles
 * (type-only imports included), and features never import app.ts, which composes them.
 */
const SERVER = '^packages/server/src/';

module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      comment: 'Import cycles make load order matter and hide layering; type-only imports count too.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    {
      name: 'no-circular-folders',
      comment:
        'Server folders depend on each other one way: no chain of imports leads from a folder (its files and sub-folders together) back to it. What two folders share moves down into a folder both import.',
      severity: 'error',
      scope: 'folder',
      from: { path: SERVER },
      to: { circular: true },
    },
    {
      name: 'shared-packages-stay-below',
      comment: 'template, commerce, forms and the theme packages are shared libraries: they never import server, storefront or admin.',
      severity: 'error',
      from: { path: '^packages/(template|commerce|forms|theme|theme-default|theme-magazine)/' },
      to: { path: '^packages/(server|storefront|admin)/' },
    },
    {
      name: 'storefront-never-imports-server',
      severity: 'error',
      from: { path: '^packages/storefront/' },
      to: { path: '^packages/(server|admin)/' },
    },
    {
      name: 'only-the-composer-imports-app',
      comment: 'app.ts composes the features; features receive AppDeps (app-deps.ts) instead of importing it.',
      severity: 'error',
      from: { path: SERVER, pathNot: `${SERVER}(cli|index|app)\\.ts$` },
      to: { path: `${SERVER}app\\.ts$` },
    },
    {
      name: 'spec-stays-at-the-bottom',
      comment: "spec/ holds the spec's enumerations, which every folder may import: it imports nothing of the server.",
      severity: 'error',
      from: { path: `${SERVER}spec/` },
      to: { path: SERVER, pathNot: `${SERVER}spec/` },
    },
    {
      name: 'features-enter-through-index',
      comment:
        'Another feature folder is imported only through its index.ts (its public API); db/ and http/ are the layers every feature builds on. Tests and the test kits in test-support/ may reach inside.',
      severity: 'error',
      from: { path: `${SERVER}([^/]+)/` },
      to: {
        path: `${SERVER}([^/]+)/.+`,
        pathNot: [`${SERVER}$1/`, `${SERVER}[^/]+/index\\.ts$`, `${SERVER}(db|http)/`],
      },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    // The server's tests may reach inside any folder: left out, so folder dependencies are the product's own.
    exclude: { path: ['(node_modules|/dist/|/build/)', `${SERVER}.+\\.test\\.tsx?$`] },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.json'],
    },
  },
};
