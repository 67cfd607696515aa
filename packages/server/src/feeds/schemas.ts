import { z } from '../http/schemas.js';

/** Route parameters naming a blog. Odd ids answer 404 (no feed), not 400. */
export const BlogParams = z.object({ blogUrlId: z.string().describe("The blog collection's URL id") });
