import { z } from 'zod';

/**
 * How a paged list answer ends: whether more follows and the cursor of the next page. Pure zod,
 * so schemas built on it can be imported by the browser (the admin) as well as the server.
 */
export const PageEnd = {
  hasNextPage: z.boolean(),
  nextPageCursor: z.string().nullable().describe('Pass as cursor for the next page; null on the last page'),
};
