import { withErrors, z } from '../http/schemas.js';

/** Query of a page: `format=json` answers the page's context instead of HTML; other keys are the page's own (category, tag, month, page, q, ...). */
const PageQuery = z.looseObject({
  format: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe("'json' for the page's context, 'rss' for a blog's feed"),
});

const pageAnswer = {
  description: 'The page: HTML, or its context as JSON with format=json',
  content: {
    'text/html': { schema: z.string().describe('The rendered page') },
    'application/json': { schema: z.looseObject({}).describe("The page's context (format=json)") },
  },
};

/** Schema of `GET /`: the site's home page (or, on the root host, the site listing). */
export const HOME_PAGE_SCHEMA = {
  tags: ['pages'],
  summary: "The site's home page (the site listing on the root host)",
  querystring: PageQuery,
  response: withErrors({ 200: pageAnswer }),
};

/** Schema of `GET /*`: any storefront page (spec section 2 routes). */
export const SITE_PAGE_SCHEMA = {
  tags: ['pages'],
  summary: 'A storefront page: collections, items, cart, search, and the theme pages',
  params: z.object({ '*': z.string().describe('The page path after the first slash') }),
  querystring: PageQuery,
  response: withErrors({ 200: pageAnswer }),
};
