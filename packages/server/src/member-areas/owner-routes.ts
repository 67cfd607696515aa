import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import type { DbOrTx } from '../db/types.js';
import { AppError } from '../errors/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import type { Website } from '../sites/index.js';
import {
  activeMemberCounts,
  createArea,
  deleteArea,
  findArea,
  gatesOf,
  joinPath,
  listAreas,
  replaceGates,
  updateArea,
  type MemberAreaRow,
} from './area-repository.js';
import { listMembers } from './membership-repository.js';
import { MemberAreaMessages } from './messages.js';
import { AreaParams, Deleted, GatesBody, MemberAreaFields, MemberAreaList, MemberAreaView, MemberList } from './schemas.js';

/** Path of the owner's member-area calls. */
export const OWNER_MEMBER_AREAS_PATH = '/api/owner/member-areas';
/** Largest body of an area save (its gates included). */
export const MEMBER_AREA_BODY_LIMIT = 64 * 1024;

const noStore = async (_request: FastifyRequest, reply: FastifyReply) => {
  reply.header('cache-control', 'no-store, private');
};

/** An area as the owner reads it. */
async function viewOf(deps: AppDeps, site: Website, area: MemberAreaRow, counts?: Map<string, number>) {
  const gates = await gatesOf(deps.db, site.id, [area.id]);
  const active = counts ?? (await activeMemberCounts(deps.db, site.id));
  return {
    id: area.id,
    name: area.name,
    description: area.description,
    priceCents: area.priceCents,
    currency: site.settings.currency,
    billing: area.billing,
    billingPeriod: area.billing === 'recurring' && area.periodValue && area.periodUnit ? { value: area.periodValue, unit: area.periodUnit } : null,
    trialDays: area.trialDays,
    productItemId: area.productItemId,
    joinUrl: joinPath(area.id),
    gates: gates.map((g) => ({ kind: g.kind, id: g.id })),
    activeMembers: active.get(area.id) ?? 0,
    createdAt: area.createdAt.toISOString(),
    updatedAt: area.updatedAt.toISOString(),
  };
}

async function areaOrThrow(db: DbOrTx, websiteId: string, areaId: string): Promise<MemberAreaRow> {
  const area = await findArea(db, websiteId, areaId);
  if (!area) throw new AppError('NOT_FOUND', MemberAreaMessages.NOT_FOUND);
  return area;
}

/**
 * Registers the owner's member-area calls under /api/owner/member-areas: list, create, read,
 * update, delete, replace the gates, and the members of an area. Areas and gates need
 * 'members:read'/'members:write'; the members list names customers, so it needs
 * 'customers:read' (docs/roles.md).
 */
export function registerMemberAreaOwnerRoutes(app: FastifyInstance, deps: AppDeps): void {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(deps.db, deps.config.ownerToken, 'members:read');
  const write = requireOwner(deps.db, deps.config.ownerToken, 'members:write');
  const readMembers = requireOwner(deps.db, deps.config.ownerToken, 'customers:read');
  const tags = ['owner member areas'];
  const one = `${OWNER_MEMBER_AREAS_PATH}/:areaId`;

  routes.get(
    OWNER_MEMBER_AREAS_PATH,
    { onRequest: noStore, preValidation: read, schema: { tags, summary: "The site's member areas (owner)", response: withErrors({ 200: MemberAreaList }) } },
    async (request) => {
      const site = siteOf(request);
      const [areas, counts] = await Promise.all([listAreas(deps.db, site.id), activeMemberCounts(deps.db, site.id)]);
      return { memberAreas: await Promise.all(areas.map((area) => viewOf(deps, site, area, counts))), currency: site.settings.currency };
    },
  );
  routes.post(
    OWNER_MEMBER_AREAS_PATH,
    {
      bodyLimit: MEMBER_AREA_BODY_LIMIT,
      onRequest: noStore,
      preValidation: write,
      schema: { tags, summary: 'Creates a member area (owner)', body: MemberAreaFields, response: withErrors({ 201: MemberAreaView }) },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const id = await deps.db.transaction(async (tx) => {
        const created = await createArea(tx, site.id, request.body);
        await recordAudit(tx, request, { action: 'member-areas.create', subjectType: 'member-area', subjectId: created, detail: { name: request.body.name } });
        return created;
      });
      return reply.code(201).send(await viewOf(deps, site, await areaOrThrow(deps.db, site.id, id)));
    },
  );
  routes.get(
    one,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: 'One member area (owner)', params: AreaParams, response: withErrors({ 200: MemberAreaView }) },
    },
    async (request) => {
      const site = siteOf(request);
      return viewOf(deps, site, await areaOrThrow(deps.db, site.id, request.params.areaId));
    },
  );
  routes.put(
    one,
    {
      bodyLimit: MEMBER_AREA_BODY_LIMIT,
      onRequest: noStore,
      preValidation: write,
      schema: { tags, summary: 'Saves a member area (owner)', params: AreaParams, body: MemberAreaFields, response: withErrors({ 200: MemberAreaView }) },
    },
    async (request) => {
      const site = siteOf(request);
      const { areaId } = request.params;
      await deps.db.transaction(async (tx) => {
        if (!(await updateArea(tx, site.id, areaId, request.body, new Date()))) throw new AppError('NOT_FOUND', MemberAreaMessages.NOT_FOUND);
        await recordAudit(tx, request, { action: 'member-areas.update', subjectType: 'member-area', subjectId: areaId, detail: { name: request.body.name } });
      });
      return viewOf(deps, site, await areaOrThrow(deps.db, site.id, areaId));
    },
  );
  routes.delete(
    one,
    {
      onRequest: noStore,
      preValidation: write,
      schema: { tags, summary: 'Deletes a member area with its gates and memberships (owner)', params: AreaParams, response: withErrors({ 200: Deleted }) },
    },
    async (request) => {
      const site = siteOf(request);
      const { areaId } = request.params;
      await deps.db.transaction(async (tx) => {
        if (!(await deleteArea(tx, site.id, areaId))) throw new AppError('NOT_FOUND', MemberAreaMessages.NOT_FOUND);
        await recordAudit(tx, request, { action: 'member-areas.delete', subjectType: 'member-area', subjectId: areaId });
      });
      return { deleted: true as const };
    },
  );
  routes.put(
    `${one}/gates`,
    {
      bodyLimit: MEMBER_AREA_BODY_LIMIT,
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: 'Replaces the pages, collections and posts a member area gates (owner)',
        params: AreaParams,
        body: GatesBody,
        response: withErrors({ 200: MemberAreaView }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { areaId } = request.params;
      await deps.db.transaction(async (tx) => {
        await areaOrThrow(tx, site.id, areaId);
        await replaceGates(tx, site.id, areaId, request.body.gates);
        await recordAudit(tx, request, {
          action: 'member-areas.gates',
          subjectType: 'member-area',
          subjectId: areaId,
          detail: { gates: request.body.gates.length },
        });
      });
      return viewOf(deps, site, await areaOrThrow(deps.db, site.id, areaId));
    },
  );
  routes.get(
    `${one}/members`,
    {
      onRequest: noStore,
      preValidation: readMembers,
      schema: { tags, summary: 'The members of a member area, newest first (owner)', params: AreaParams, response: withErrors({ 200: MemberList }) },
    },
    async (request) => {
      const site = siteOf(request);
      await areaOrThrow(deps.db, site.id, request.params.areaId);
      const rows = await listMembers(deps.db, site.id, request.params.areaId);
      return {
        members: rows.map((r) => ({
          ...r,
          active: Boolean(r.active),
          startedAt: r.startedAt.toISOString(),
          endedAt: r.endedAt ? r.endedAt.toISOString() : null,
        })),
      };
    },
  );
}
