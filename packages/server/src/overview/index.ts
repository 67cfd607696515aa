/** The dashboard's overview: what needs the owner today (orders to fulfil, low stock, today's visits and sales). */
export { registerOverviewRoutes, OVERVIEW_PATH } from './routes.js';
