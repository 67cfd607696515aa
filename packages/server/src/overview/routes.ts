import type { FastifyInstance } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { DEFAULT_LOW_STOCK_THRESHOLD } from '../inventory/index.js';
import { roleCan, type OwnerPermission } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { localDayOf } from './local-day.js';
import { requireAnyOwnerPermission } from './overview-access.js';
import { lowStock, ordersToFulfil, todayFigures } from './overview-repository.js';
import { Overview } from './schemas.js';

/** Path of the dashboard's overview. */
export const OVERVIEW_PATH = '/api/owner/overview';

/** What each section of the overview needs; the call needs one of them. */
const SECTION_PERMISSIONS = {
  ordersToFulfil: 'orders:read',
  lowStock: 'inventory:read',
  today: 'reports:read',
} as const satisfies Record<string, OwnerPermission>;

/**
 * Registers the dashboard's overview: orders to fulfil, low stock, and today's visits and
 * sales in the site's time zone. Any signed-in owner whose role reads orders, inventory or
 * reports may call it; each section the role may not read is null (the call is not refused for
 * it). The low-stock section counts as the inventory's low-stock list does by default.
 */
export function registerOverviewRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, config } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  routes.get(
    OVERVIEW_PATH,
    {
      preValidation: requireAnyOwnerPermission(db, config.ownerToken, [
        SECTION_PERMISSIONS.ordersToFulfil,
        SECTION_PERMISSIONS.lowStock,
        SECTION_PERMISSIONS.today,
      ]),
      schema: {
        tags: ['owner overview'],
        summary: "What needs the owner today: orders to fulfil, low stock, today's visits and sales (sections the role may not read are null)",
        response: withErrors({ 200: Overview }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const role = request.owner!.role;
      const may = (section: keyof typeof SECTION_PERMISSIONS) => roleCan(role, SECTION_PERMISSIONS[section]);
      const now = new Date();
      const day = localDayOf(now, site.settings.timeZone);
      const [toFulfil, low, today] = await Promise.all([
        may('ordersToFulfil') ? ordersToFulfil(db, site.id, now) : null,
        may('lowStock') ? lowStock(db, site.id, DEFAULT_LOW_STOCK_THRESHOLD) : null,
        may('today') ? todayFigures(db, site.id, day, site.settings.currency) : null,
      ]);
      reply.header('cache-control', 'no-store, private');
      return {
        ordersToFulfil: toFulfil,
        lowStock: low,
        today: today && { date: day.date, timeZone: site.settings.timeZone, currency: site.settings.currency, ...today },
      };
    },
  );
}
