/** CSV documents (RFC 4180) of the owner's exports, with cells a spreadsheet never runs as formulas. */
export { csvCell, csvLine, toCsv } from './csv.js';
export { sendCsv } from './csv-reply.js';
export { CsvDownload } from './schemas.js';
