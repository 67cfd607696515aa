import { PageEnd, PageQuery, z } from '../http/schemas.js';

/** An owner page (HTML). Pages of signed-out visitors redirect (303) to /config/login. */
export const OwnerHtml = z.string().describe('HTML page');

/** A CSV download. */
export const OwnerCsv = z.string().describe('CSV file (UTF-8, first row is the header)');

/** Query of GET /config/login: where to go after signing in (a /config path; anything else goes to /config/forms). */
export const LoginQuery = z.object({ next: z.string().max(2000).optional() });

/** Form post of /config/login. */
export const LoginForm = z.object({
  password: z.string().max(1000).default('').describe('The owner password or the owner token'),
  next: z.string().max(2000).optional(),
});

/** Form post of /config/password. */
export const PasswordForm = z.object({ password: z.string().max(1000).default('').describe('The new owner password') });

const required = { error: 'productId and variantId are required.' };

/** Form post of /config/restock/send. */
export const RestockSendForm = z.object({ productId: z.string(required).min(1, required).max(64, required), variantId: z.string(required).min(1, required).max(64, required) });

/** The owner's visit report: views and visitors by path over the last days. */
export const VisitReport = z.object({
  days: z.number().int(),
  since: z.iso.datetime(),
  paths: z.array(z.object({ path: z.string(), views: z.number().int(), visitors: z.number().int() })),
});

/** One stored submission of a form. */
export const SubmissionJson = z.object({
  id: z.string(),
  createdAt: z.string().describe('ISO 8601 time'),
  data: z.record(z.string(), z.unknown()).describe('Answers by field id'),
  pageFields: z.record(z.string(), z.unknown()).describe('The page the form was sent from (spec 3 page fields)'),
});

/** Query of a form's submission list. */
export const SubmissionsQuery = PageQuery;

/** A page of a form's submissions, newest first. */
export const SubmissionPage = z.object({ submissions: z.array(SubmissionJson), ...PageEnd });
