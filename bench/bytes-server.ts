import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

/**
 * Same-bytes baseline for `npm run bench:server`: a bare `node:http` server answering every
 * request with one file's bytes and one content type (a copy of a page Emporium served).
 * Usage: `bytes-server.ts <body file> <content type> [port]`. Prints `listening on port N`.
 */
const [file, contentType, portArg] = process.argv.slice(2);
if (!file || !contentType) throw new Error('usage: bytes-server.ts <body file> <content type> [port]');
const body = readFileSync(file);
const server = createServer((_request, response) => {
  response.writeHead(200, { 'content-type': contentType, 'content-length': body.length });
  response.end(body);
});
server.keepAliveTimeout = 60_000;
server.listen(Number(portArg ?? 0), '127.0.0.1', () => {
  const address = server.address();
  console.log(`listening on port ${typeof address === 'object' && address ? address.port : portArg}`);
});
for (const signal of ['SIGTERM', 'SIGINT'] as const) process.once(signal, () => server.close());
