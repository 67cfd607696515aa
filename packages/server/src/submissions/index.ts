/** A form's stored submissions for the owner: the paged list and the CSV export. */
export { registerSubmissionRoutes } from './routes.js';
export * from './schemas.js';
