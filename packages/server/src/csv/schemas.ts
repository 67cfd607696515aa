import { z } from '../http/schemas.js';

/** A CSV download. */
export const CsvDownload = z.string().describe('CSV file (UTF-8, first row is the header)');
