import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { ZodError } from 'zod';
import { safeReturnPath } from '../access/index.js';
import type { AppDeps } from '../app-deps.js';
import { lazyServerSecret } from '../db/server-secrets.js';
import { blockFieldProblem, blockFieldRulesOf } from '../blocks/index.js';
import { AppError } from '../errors/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner, roleCan } from '../owner-sessions/index.js';
import { siteOf, siteOrigin } from '../sites/index.js';
import { issuePreviewToken, PREVIEW_COOKIE, readPreviewToken } from './preview-token.js';
import { discardDraft, draftVersion, findDraft, listDrafts, listReleases, publishDrafts, saveDraft, valueBefore } from './repository.js';
import { schedulePublish, SCHEDULED_PUBLISH_JOB, type ScheduledPublish } from './scheduled-publish.js';
import { afterRelease } from './item-drafting.js';
import { cleanValue, DraftMessages, liveValue, notOnSite, parseSubject, permissionFor, type Subject } from './subjects.js';

/** Paths of the drafts, publishing, history and preview calls. */
export const DraftPaths = Object.freeze({
  DRAFTS: '/api/owner/drafts',
  /** One subject as the editor opens it: its published value and its draft, if any. */
  SUBJECT: '/api/owner/drafts/subject',
  PUBLISH: '/api/owner/publish',
  SCHEDULED_LIST: '/api/owner/publish/scheduled',
  SCHEDULED: '/api/owner/publish/scheduled/:jobId',
  RELEASES: '/api/owner/releases',
  RESTORE: '/api/owner/releases/:releaseId/restore',
  PREVIEW: '/api/owner/preview',
  /** On the site's own origin: turns a preview token into the preview cookie and goes to the page. */
  SITE_PREVIEW: '/api/site/preview',
});

/** Largest body of a draft (a 60-block layout with its text). */
const BODY_LIMIT = 512 * 1024;
const tags = ['drafts', 'owner'];

const Draft = z.object({ subject: z.string(), value: z.unknown(), version: z.number().int(), updatedBy: z.string(), updatedAt: z.string() });
const DraftList = z.object({ drafts: z.array(Draft) });
const SubjectState = z.object({ subject: z.string(), published: z.unknown(), draft: Draft.nullable() });
const DraftSave = z.object({ subject: z.string().max(200), value: z.unknown(), baseVersion: z.number().int().min(0) });
const DraftSaved = z.object({ subject: z.string(), version: z.number().int() });
const Release = z.object({
  id: z.string(),
  number: z.number().int(),
  publishedBy: z.string(),
  publishedAt: z.string(),
  changes: z.array(z.object({ subject: z.string(), before: z.unknown(), after: z.unknown() })),
});
const ReleaseList = z.object({ releases: z.array(Release) });
const Restore = z.object({ subject: z.string().max(200) });
const PreviewAnswer = z.object({ url: z.string(), expiresAt: z.string() });
const PublishBody = z.object({ at: z.iso.datetime({ offset: true }).optional() }).strict();
const Scheduled = z.object({ jobId: z.string(), scheduledFor: z.string() });
const ScheduledList = z.object({ scheduled: z.array(Scheduled.extend({ scheduledBy: z.string() })) });

function subjectOf(name: string): Subject {
  const subject = parseSubject(name);
  if (!subject) throw new AppError('VALIDATION_FAILED', DraftMessages.UNKNOWN_SUBJECT, { body: { fields: { subject: DraftMessages.UNKNOWN_SUBJECT } } });
  return subject;
}

/** Refuses a change of `subject` the owner's role may not make. */
function mayChange(request: FastifyRequest, subject: Subject): void {
  const role = request.owner?.role;
  if (!role || !roleCan(role, permissionFor(subject))) throw new AppError('FORBIDDEN', DraftMessages.NOT_ALLOWED);
}

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store, private');
}

const ownerName = (request: FastifyRequest) => request.owner?.email ?? '';

/**
 * Lets the dashboard's pages frame the sites' preview (the editor's frame): on the admin origin,
 * an HTML answer's `frame-src 'self'` also names every site origin (`http://*.localhost:3000`),
 * the origin the preview links open. The counterpart of the preview pages' frame-ancestors.
 */
function allowPreviewFrames(app: FastifyInstance, deps: AppDeps): void {
  const sites = siteOrigin('*', deps.config);
  app.addHook('onSend', async (request, reply, payload) => {
    if (!request.adminOrigin || !String(reply.getHeader('content-type') ?? '').startsWith('text/html')) return payload;
    const csp = reply.getHeader('content-security-policy');
    if (typeof csp === 'string') reply.header('content-security-policy', csp.replace("frame-src 'self'", `frame-src 'self' ${sites}`));
    return payload;
  });
}

/**
 * Registers the drafts calls (decision 0039): read, save (with the version last read: 409 when
 * someone saved in between) and discard the site's drafts; publish them all at once as one
 * release; read one subject's published value with its draft (the editor's starting point); list releases and restore a subject's value from before a release as a draft; and a
 * short-lived preview token for the site's own origin, where `/api/site/preview` sets it as the
 * preview cookie. Reading needs `content:read`, changing `content:write` and each subject's own permission.
 */
export function registerDraftRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(db, deps.config.ownerToken, 'content:read');
  // Every change needs content:write at least; a subject may need more (its own permission, checked per subject).
  const write = requireOwner(db, deps.config.ownerToken, 'content:write');
  const secret = lazyServerSecret(db, 'preview');

  allowPreviewFrames(app, deps);

  routes.get(
    DraftPaths.DRAFTS,
    { onRequest: noStore, preValidation: read, schema: { tags, summary: "The site's unpublished changes (owner)", response: withErrors({ 200: DraftList }) } },
    async (request) => ({
      drafts: (await listDrafts(db, siteOf(request).id)).map((d) => ({ ...d, updatedAt: d.updatedAt.toISOString() })),
    }),
  );

  routes.get(
    DraftPaths.SUBJECT,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary:
          "One subject as the editor opens it: its published value and its draft (null when it has none; its version is the next save's baseVersion) (owner)",
        querystring: z.object({ subject: z.string().max(200) }),
        response: withErrors({ 200: SubjectState }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const subject = subjectOf(request.query.subject);
      const published = await liveValue(db, site.id, subject);
      if (published === undefined) throw new AppError('NOT_FOUND', notOnSite(subject));
      const draft = await findDraft(db, site.id, subject);
      return { subject: request.query.subject, published, draft: draft ? { ...draft, updatedAt: draft.updatedAt.toISOString() } : null };
    },
  );

  routes.put(
    DraftPaths.DRAFTS,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: 'Saves the draft of one subject; baseVersion is the draft version last read (0 for none), 409 when another save came in between (owner)',
        body: DraftSave,
        response: withErrors({ 200: DraftSaved }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const subject = subjectOf(request.body.subject);
      mayChange(request, subject);
      const live = await liveValue(db, site.id, subject);
      // An item's fields are checked against the item (its collection's kind, its author).
      if (live === undefined && subject.kind === 'item') throw new AppError('NOT_FOUND', notOnSite(subject));
      const mayWriteCode = !!request.owner && roleCan(request.owner.role, 'code:write');
      let value: unknown;
      try {
        value = await cleanValue(db, site.id, subject, request.body.value, mayWriteCode, live);
      } catch (error) {
        if (error instanceof ZodError) throw new AppError('VALIDATION_FAILED', error.issues[0]?.message ?? 'The draft is not valid.', { cause: error });
        throw error;
      }
      if (subject.kind === 'settings' && subject.key === 'blockFields') {
        const problem = blockFieldProblem(blockFieldRulesOf((await deps.themes.forSettings(site.settings)).compiled.source), live, value);
        if (problem) throw new AppError('VALIDATION_FAILED', problem.message, { body: { fields: { [problem.fieldId]: problem.message } } });
      }
      if (live === undefined) throw new AppError('NOT_FOUND', notOnSite(subject));
      const saved = await saveDraft(db, site.id, subject, value, request.body.baseVersion, ownerName(request));
      if (saved === 'conflict') throw new AppError('CONFLICT', DraftMessages.CONFLICT, { body: { version: await draftVersion(db, site.id, subject) } });
      return { subject: request.body.subject, version: saved };
    },
  );

  routes.delete(
    DraftPaths.DRAFTS,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: 'Discards the draft of one subject (owner)',
        querystring: z.object({ subject: z.string().max(200) }),
        response: withErrors({ 204: z.null() }),
      },
    },
    async (request, reply) => {
      const subject = subjectOf(request.query.subject);
      mayChange(request, subject);
      await discardDraft(db, siteOf(request).id, subject);
      return reply.code(204).send(null);
    },
  );

  routes.post(
    DraftPaths.PUBLISH,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary:
          'Publishes every draft of the site at once, in one transaction, as one release; with `at`, schedules that publish for then (202, the drafts of that moment are published) (owner)',
        body: PublishBody.nullish(),
        response: withErrors({ 200: Release, 202: Scheduled }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const drafts = await listDrafts(db, site.id);
      for (const draft of drafts) {
        const subject = parseSubject(draft.subject);
        if (subject) mayChange(request, subject);
      }
      const at = request.body?.at ? new Date(request.body.at) : undefined;
      if (at) {
        if (at.getTime() <= Date.now())
          throw new AppError('VALIDATION_FAILED', DraftMessages.SCHEDULE_IN_PAST, { body: { fields: { at: DraftMessages.SCHEDULE_IN_PAST } } });
        if (drafts.length === 0) throw new AppError('CONFLICT', DraftMessages.NOTHING_TO_PUBLISH);
        const jobId = (await schedulePublish(deps.jobs, site.id, ownerName(request), at)) ?? 'already-scheduled';
        await recordAudit(db, request, { action: 'site.publish.schedule', subjectType: 'release', subjectId: jobId, detail: { at: at.toISOString() } });
        return reply.code(202).send({ jobId, scheduledFor: at.toISOString() });
      }
      const release = await publishDrafts(db, site.id, ownerName(request));
      if (!release) throw new AppError('CONFLICT', DraftMessages.NOTHING_TO_PUBLISH);
      await recordAudit(db, request, {
        action: 'site.publish',
        subjectType: 'release',
        subjectId: release.id,
        detail: { subjects: release.changes.map((c) => c.subject) },
      });
      deps.resolver.invalidate();
      await afterRelease(db, deps.jobs, site.id, release.changes);
      return { ...release, publishedAt: release.createdAt.toISOString() };
    },
  );

  routes.get(
    DraftPaths.SCHEDULED_LIST,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: "The site's publishes scheduled and not yet run, the soonest first (owner)", response: withErrors({ 200: ScheduledList }) },
    },
    async (request) => {
      const waiting = await deps.jobs.waiting<ScheduledPublish>(SCHEDULED_PUBLISH_JOB, { websiteId: siteOf(request).id });
      return { scheduled: waiting.map((job) => ({ jobId: job.id, scheduledFor: job.startAfter.toISOString(), scheduledBy: job.data.by })) };
    },
  );

  routes.delete(
    DraftPaths.SCHEDULED,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: 'Cancels a scheduled publish that has not run (owner)',
        params: z.object({ jobId: z.string().max(64) }),
        response: withErrors({ 204: z.null() }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const job = await deps.jobs.find<ScheduledPublish>(SCHEDULED_PUBLISH_JOB, request.params.jobId).catch(() => undefined);
      if (!job || job.data.websiteId !== site.id || !['created', 'retry'].includes(job.state)) throw new AppError('NOT_FOUND', DraftMessages.NO_SUCH_SCHEDULE);
      await deps.jobs.cancel(SCHEDULED_PUBLISH_JOB, job.id);
      await recordAudit(db, request, { action: 'site.publish.unschedule', subjectType: 'release', subjectId: job.id });
      return reply.code(204).send(null);
    },
  );

  routes.get(
    DraftPaths.RELEASES,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: "The site's releases, newest first (owner)", response: withErrors({ 200: ReleaseList }) },
    },
    async (request) => ({
      releases: (await listReleases(db, siteOf(request).id)).map((r) => ({ ...r, publishedAt: r.createdAt.toISOString() })),
    }),
  );

  routes.post(
    DraftPaths.RESTORE,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: 'Makes the value a subject had before a release its draft (publish to make it live again) (owner)',
        params: z.object({ releaseId: z.string().max(64) }),
        body: Restore,
        response: withErrors({ 200: DraftSaved }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const subject = subjectOf(request.body.subject);
      mayChange(request, subject);
      const before = await valueBefore(db, site.id, request.params.releaseId, subject);
      if (before === null) throw new AppError('NOT_FOUND', DraftMessages.NO_SUCH_RELEASE);
      if (before === undefined) throw new AppError('NOT_FOUND', DraftMessages.NOT_IN_RELEASE);
      const version = await saveDraft(db, site.id, subject, before.value, await draftVersion(db, site.id, subject), ownerName(request));
      if (version === 'conflict') throw new AppError('CONFLICT', DraftMessages.CONFLICT);
      return { subject: request.body.subject, version };
    },
  );

  routes.post(
    DraftPaths.PREVIEW,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary: "A short-lived link that shows the site's drafts on its own origin, never carrying the owner's session (owner)",
        body: z.object({ path: z.string().max(2_000).default('/') }).default({ path: '/' }),
        response: withErrors({ 200: PreviewAnswer }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { token, expiresAt } = issuePreviewToken(await secret(), site.id, request.owner?.ownerId ?? '');
      const query = new URLSearchParams({ token, path: safeReturnPath(request.body.path) });
      return { url: `${siteOrigin(site.identifier, deps.config)}${DraftPaths.SITE_PREVIEW}?${query}`, expiresAt: expiresAt.toISOString() };
    },
  );

  routes.get(
    DraftPaths.SITE_PREVIEW,
    {
      schema: {
        tags: ['drafts'],
        summary: 'Sets the preview cookie from a preview token and goes to the page (site origin)',
        querystring: z.object({ token: z.string().max(600), path: z.string().max(2_000).default('/') }),
        response: withErrors({ 303: z.null() }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const claims = readPreviewToken(await secret(), request.query.token, site.id);
      if (!claims) throw new AppError('UNAUTHORIZED', 'This preview link has expired. Open the preview again from the dashboard.');
      // The dashboard's frame is a third-party context (admin.{base} and a site are distinct sites
      // to browsers): only a partitioned (CHIPS) cookie, SameSite=None and so Secure, is kept there.
      reply.setCookie(PREVIEW_COOKIE, request.query.token, {
        path: '/',
        httpOnly: true,
        sameSite: 'none',
        secure: true,
        partitioned: true,
        maxAge: Math.max(1, Math.floor((claims.expiresAt - Date.now()) / 1000)),
      });
      reply.header('cache-control', 'no-store');
      return reply.redirect(safeReturnPath(request.query.path), 303);
    },
  );
}
