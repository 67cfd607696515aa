import { PageEnd, PageQuery, z } from '../http/schemas.js';

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
