import { z } from '../http/schemas.js';

/** Query of GET /api/commerce/instalments/info. */
export const InstalmentInfoQuery = z.object({ locale: z.string().max(35).optional().describe('Locale such as en_US') });
