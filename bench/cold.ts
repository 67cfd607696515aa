// Entry of `npm run bench:cold`. React picks its production or development build when it first
// loads, so NODE_ENV is settled (production, as `npm start` runs) before any server module is
// imported; the run itself is in cold-run.ts.
process.env.NODE_ENV ??= 'production';
const { main } = await import('./cold-run.js');
await main(process.argv.slice(2)).catch((error: unknown) => {
  console.error(error instanceof Error ? (error.stack ?? error.message) : error);
  process.exitCode = 1;
});

export {};
