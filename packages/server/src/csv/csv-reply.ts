import type { FastifyReply } from 'fastify';

/** Sends a CSV document as a download named `fileName` (other characters than letters, digits, `.`, `_` and `-` become `_`), never cached. */
export function sendCsv(reply: FastifyReply, fileName: string, body: string): FastifyReply {
  return reply
    .type('text/csv; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-disposition', `attachment; filename="${fileName.replace(/[^A-Za-z0-9._-]/g, '_')}"`)
    .send(body);
}
