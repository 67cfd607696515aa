import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { AppError } from '../errors/index.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { replaceLanguageDomains, siteOf } from '../sites/index.js';
import { checkLanguageDomains, servedDomains } from './language-domains.js';
import { languageDomainRedirect } from './page-language.js';
import { languagesAnswer, settingsAnswer, statusAnswer } from './answers.js';
import { languagePrefix, readLanguageCode } from './language-codes.js';
import { checkLanguageList } from './language-list.js';
import { pagePrefixesOf, readSiteLanguages, removeSiteLanguages, saveSiteLanguages } from './language-store.js';
import { MultilingualMessages as M } from './messages.js';
import { LANGUAGES_BODY_LIMIT, MultilingualPaths as P } from './paths.js';
import { LanguagesBody, MultilingualSettingsBody, MultilingualStatusBody, SaveLanguagesBody } from './schemas.js';

const tags = ['owner', 'multilingual'];

/** A PostgreSQL unique violation (23505), as either driver reports it. */
function isUniqueViolation(cause: unknown): boolean {
  for (let error = cause as { code?: unknown; cause?: unknown } | undefined, depth = 0; error && depth < 4; error = error.cause as typeof error, depth += 1)
    if (error.code === '23505') return true;
  return false;
}

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store, private');
}

/**
 * Registers the multilingual calls of spec 7 (settings, status, languages read and saved as a
 * whole list, the connection removed). Languages are site settings: reading needs
 * `settings:read`, changing `settings:write`. A save takes effect at once (the website row's
 * page version moves on), unlike the drafted header and navigation: a language's pages are its
 * URLs, not its texts.
 */
export function registerMultilingualRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(db, deps.config.ownerToken, 'settings:read');
  const write = requireOwner(db, deps.config.ownerToken, 'settings:write');
  const current = (request: FastifyRequest) => readSiteLanguages(db, siteOf(request).id);

  // A language with a domain of its own is served there: its prefix on the site's own hosts moves (decision 0056).
  app.addHook('onRequest', async (request, reply) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || !request.site || request.adminOrigin) return;
    const moved = languageDomainRedirect(request.site.settings, request.headers.host, request.url);
    if (moved) return reply.code(301).header('location', moved).header('cache-control', 'no-store').send();
  });

  routes.get(
    P.SETTINGS,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary: 'How the site serves its languages: the primary at /, the others under a prefix (owner)',
        response: withErrors({ 200: MultilingualSettingsBody }),
      },
    },
    async (request) => settingsAnswer(await current(request)),
  );

  routes.get(
    P.STATUS,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary: "Whether the site's languages are set up, and how many are published or hidden (owner)",
        response: withErrors({ 200: MultilingualStatusBody }),
      },
    },
    async (request) => statusAnswer(await current(request)),
  );

  routes.get(
    P.LANGUAGES,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: "The site's languages, the primary first, with the version to save over (owner)", response: withErrors({ 200: LanguagesBody }) },
    },
    async (request) => languagesAnswer(await current(request)),
  );

  routes.put(
    P.LANGUAGES,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: LANGUAGES_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Saves the whole list of languages: canonical BCP 47 codes, exactly one primary (always published), no code twice, the current primary kept; 400 naming each refused entry, 409 when the version sent is not the stored one (owner)',
        body: SaveLanguagesBody,
        response: withErrors({ 200: LanguagesBody }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { languages: entries, version } = request.body;
      const was = await readSiteLanguages(db, site.id);
      if (version !== undefined && version !== was.version)
        throw new AppError('CONFLICT', M.STALE(version, was.version), { body: { currentVersion: was.version } });
      const prefixes = entries.flatMap((e) => {
        const reading = readLanguageCode(e.code);
        return reading.ok ? [languagePrefix(reading.code)] : [];
      });
      const checked = checkLanguageList(entries, was, await pagePrefixesOf(db, site.id, prefixes));
      if (!checked.ok) throw new AppError('VALIDATION_FAILED', checked.message, { body: { fields: checked.fields } });
      const indexOf = (code: string) => entries.findIndex((e) => readLanguageCode(e.code).ok && (readLanguageCode(e.code) as { code: string }).code === code);
      const domains = await checkLanguageDomains(db, deps.config, site.id, checked.setting.list, indexOf);
      if (!domains.ok) throw new AppError('VALIDATION_FAILED', Object.values(domains.fields)[0] ?? M.REFUSED, { body: { fields: domains.fields } });
      const setting = { ...checked.setting, list: domains.list };
      const saved = await db
        .transaction(async (tx) => {
          const result = await saveSiteLanguages(tx, site.id, setting, version ?? was.version);
          if ('version' in result) {
            await replaceLanguageDomains(tx, site.id, servedDomains(setting.list));
            await recordAudit(tx, request, {
              action: 'site.languages',
              subjectType: 'site',
              subjectId: site.id,
              detail: { languages: setting.list.map((l) => l.code), domains: setting.list.flatMap((l) => (l.domain ? [l.domain] : [])) },
            });
          }
          return result;
        })
        .catch((cause: unknown) => {
          // Another site took one of the domains meanwhile: the table keeps each domain to one language.
          if (isUniqueViolation(cause)) throw new AppError('CONFLICT', M.DOMAIN_TAKEN(setting.list.find((l) => l.domain)?.domain ?? ''));
          throw cause;
        });
      if ('stale' in saved) throw new AppError('CONFLICT', M.STALE(version ?? was.version, saved.stale), { body: { currentVersion: saved.stale } });
      deps.resolver.invalidate();
      return languagesAnswer(await current(request));
    },
  );

  routes.delete(
    P.CONNECTION,
    {
      onRequest: noStore,
      preValidation: write,
      schema: {
        tags,
        summary: "Removes the site's languages: the site keeps the one language of its locale at /, and the other languages' prefixes answer 404 (owner)",
        response: withErrors({ 200: MultilingualStatusBody }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      await db.transaction(async (tx) => {
        await removeSiteLanguages(tx, site.id);
        await replaceLanguageDomains(tx, site.id, new Map());
        await recordAudit(tx, request, { action: 'site.languages.disconnect', subjectType: 'site', subjectId: site.id });
      });
      deps.resolver.invalidate();
      return statusAnswer(await current(request));
    },
  );
}
