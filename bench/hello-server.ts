import Fastify from 'fastify';

/**
 * Baseline for `npm run bench:server`: a bare Fastify 5 hello-world, no plugins, no logger.
 * Prints `listening on port N` once ready; stops on SIGTERM or SIGINT.
 */
const app = Fastify({ logger: false });
app.get('/', async () => ({ hello: 'world' }));
const port = Number(process.argv[2] ?? 0);
await app.listen({ port, host: '127.0.0.1' });
const address = app.server.address();
console.log(`listening on port ${typeof address === 'object' && address ? address.port : port}`);
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => void app.close());
