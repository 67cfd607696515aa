import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { sendCsv } from '../csv/index.js';
import { AppError } from '../errors/index.js';
import { textResponse, withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { readSiteLanguages } from '../multilingual/index.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner, roleCan } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { planImport } from './apply-import.js';
import { sourceOf, stateCounts, translationEntries } from './entries.js';
import { readTranslationsCsv, translationsCsv } from './exchange-csv.js';
import { readTranslationsXliff, translationsXliff } from './exchange-xliff.js';
import { TranslationMessages as M } from './messages.js';
import { deleteTranslation, readTranslation, readTranslations, writeTranslations } from './repository.js';
import {
  IMPORT_BODY_LIMIT,
  SAVE_BODY_LIMIT,
  SaveTranslationBody,
  TranslationEntryBody,
  TranslationExportQuery,
  TranslationImportBody,
  TranslationImportResult,
  TranslationListBody,
  TranslationListQuery,
} from './schemas.js';
import { sourceHash } from './source-hash.js';
import { placeholderProblem } from './placeholders.js';
import { readSourceTexts } from './source-texts.js';
import { isSlug } from './slugs.js';
import { SLUG_FIELD } from './subjects.js';
import { readTextKind, readTextKinds, storedTranslation } from './translated-html.js';

/** Paths of the owner's translation calls. */
export const TranslationPaths = Object.freeze({
  LIST: '/api/owner/translations',
  EXPORT: '/api/owner/translations/export',
  IMPORT: '/api/owner/translations/import',
});

const tags = ['owner', 'translations'];

async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store, private');
}

/**
 * Registers the owner's translation calls (decision 0049): the site's texts beside their
 * translations into one language (missing, stale or current, paged), a save of one
 * translation, and export and import as CSV or XLIFF 1.2. Translations are content: reading
 * needs `content:read`, changing `content:write`. A save shows on the site at once (the
 * translations table bumps the site's page version). A translation is cleaned like its source
 * before it is stored: owner HTML by the rich-text allowlist, a raw HTML block's kept as
 * written only for a role with the code permission (as a page save keeps the block).
 */
export function registerTranslationRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(db, deps.config.ownerToken, 'content:read');
  const write = requireOwner(db, deps.config.ownerToken, 'content:write');

  /** The site's languages, with `language` checked to be one of its other ones (hidden ones too). */
  const languagesFor = async (websiteId: string, language: string) => {
    const languages = await readSiteLanguages(db, websiteId);
    const found = languages.all.find((l) => !l.primary && l.code.toLowerCase() === language.toLowerCase());
    if (!found) throw new AppError('VALIDATION_FAILED', M.NOT_A_LANGUAGE(language), { body: { fields: { language: M.NOT_A_LANGUAGE(language) } } });
    return { languages, code: found.code };
  };

  /** The saver holds the code permission: raw blocks' translations are kept as written. */
  const mayWriteCode = (request: FastifyRequest) => !!request.owner && roleCan(request.owner.role, 'code:write');

  const entriesOf = async (websiteId: string, code: string) => {
    const [sources, rows] = await Promise.all([readSourceTexts(db, websiteId), readTranslations(db, websiteId, code)]);
    return translationEntries(sources, rows, code);
  };

  routes.get(
    TranslationPaths.LIST,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary:
          "The site's texts beside their translations into one language (the first other language when none is named), each missing, stale or current, paged; 400 for a site of one language (owner)",
        querystring: TranslationListQuery,
        response: withErrors({ 200: TranslationListBody }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { language, state, subjectType, q, page, pageSize } = request.query;
      const others = (await readSiteLanguages(db, site.id)).all.filter((l) => !l.primary);
      const { languages, code } = await languagesFor(site.id, language ?? others[0]?.code ?? '');
      const all = await entriesOf(site.id, code);
      const needle = q?.trim().toLowerCase();
      const matching = all.filter(
        (e) =>
          (state === 'all' || e.state === state) &&
          (!subjectType || e.subjectType === subjectType) &&
          (!needle || [e.source, e.translation ?? '', e.label].some((t) => t.toLowerCase().includes(needle))),
      );
      return {
        language: code,
        primaryLanguage: languages.primary.code,
        languages: languages.all.filter((l) => !l.primary).map((l) => l.code),
        entries: matching.slice((page - 1) * pageSize, page * pageSize),
        total: matching.length,
        page,
        pageSize,
        counts: stateCounts(all),
      };
    },
  );

  routes.put(
    TranslationPaths.LIST,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: SAVE_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Saves one translation, made from the source text as it is now (no longer stale), cleaned like its source (owner HTML; a raw HTML block’s kept as written only with the code permission); an empty text removes it (owner)',
        body: SaveTranslationBody,
        response: withErrors({ 200: TranslationEntryBody }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { language, text, ...key } = request.body;
      const { code } = await languagesFor(site.id, language);
      const source = sourceOf(await readSourceTexts(db, site.id), key);
      if (!source) throw new AppError('NOT_FOUND', M.UNKNOWN_TEXT);
      const trimmed = key.field === SLUG_FIELD ? text.trim() : text;
      if (key.field === SLUG_FIELD && trimmed && !isSlug(trimmed))
        throw new AppError('VALIDATION_FAILED', M.SLUG_FORMAT, { body: { fields: { text: M.SLUG_FORMAT } } });
      const problem = key.subjectType === 'system' && trimmed.trim() ? placeholderProblem(source.text, trimmed) : null;
      if (problem) throw new AppError('VALIDATION_FAILED', problem, { body: { fields: { text: problem } } });
      const kind = await readTextKind(db, site.id, key);
      const previous = kind === 'raw' && trimmed.trim() ? await readTranslation(db, site.id, code, key) : undefined;
      // HTML with nothing left once cleaned removes the translation, as an empty text does.
      const stored = trimmed.trim() ? storedTranslation(kind, trimmed, { mayWriteCode: mayWriteCode(request), previous }) : '';
      await db.transaction(async (tx) => {
        if (stored.trim()) await writeTranslations(tx, site.id, code, [{ ...key, text: stored, sourceHash: sourceHash(source.text) }]);
        else await deleteTranslation(tx, site.id, code, key);
        await recordAudit(tx, request, {
          action: 'translation.save',
          subjectType: key.subjectType,
          subjectId: key.subjectId,
          detail: { language: code, field: key.field },
        });
      });
      const [entry] = translationEntries([source], await readTranslations(db, site.id, code), code);
      return entry!;
    },
  );

  routes.get(
    TranslationPaths.EXPORT,
    {
      onRequest: noStore,
      preValidation: read,
      schema: {
        tags,
        summary: "Every text of the site with its translation into one language, as CSV or XLIFF 1.2 for a translator's tools (owner)",
        querystring: TranslationExportQuery,
        response: withErrors({ 200: textResponse('text/csv', 'CSV (UTF-8) or XLIFF 1.2 (application/xliff+xml)') }),
      },
    },
    async (request, reply) => {
      const site = siteOf(request);
      const { languages, code } = await languagesFor(site.id, request.query.language);
      const entries = await entriesOf(site.id, code);
      const name = `${site.identifier}-translations-${code}`;
      if (request.query.format === 'csv') return sendCsv(reply, `${name}.csv`, translationsCsv(code, entries));
      return reply
        .type('application/xliff+xml; charset=utf-8')
        .header('content-disposition', `attachment; filename="${name.replace(/[^A-Za-z0-9._-]/g, '_')}.xlf"`)
        .send(translationsXliff(site.identifier, languages.primary.code, code, entries));
    },
  );

  routes.post(
    TranslationPaths.IMPORT,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: IMPORT_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Imports translations into one language from a CSV or XLIFF 1.2 file; each keeps the hash of the source the file names, so translations of an older text are flagged stale (owner)',
        body: TranslationImportBody,
        response: withErrors({ 200: TranslationImportResult }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { language, format, content } = request.body;
      const { code } = await languagesFor(site.id, language);
      const reading = format === 'csv' ? readTranslationsCsv(content) : readTranslationsXliff(content);
      if (!reading.ok) throw new AppError('VALIDATION_FAILED', reading.message, { body: { fields: { content: reading.message } } });
      if (reading.language && reading.language.toLowerCase() !== code.toLowerCase())
        throw new AppError('VALIDATION_FAILED', M.OTHER_LANGUAGE(reading.language, code), {
          body: { fields: { content: M.OTHER_LANGUAGE(reading.language, code) } },
        });
      const [sources, stored, kinds] = await Promise.all([readSourceTexts(db, site.id), readTranslations(db, site.id, code), readTextKinds(db, site.id)]);
      const cleaning = { mayWriteCode: mayWriteCode(request) };
      const plan = planImport(sources, stored, reading.texts, (source, text, previous) =>
        storedTranslation(kinds.kindOf(source), text, { ...cleaning, previous }),
      );
      await db.transaction(async (tx) => {
        for (let i = 0; i < plan.writes.length; i += 500) await writeTranslations(tx, site.id, code, plan.writes.slice(i, i + 500));
        await recordAudit(tx, request, {
          action: 'translation.import',
          subjectType: 'site',
          subjectId: site.id,
          detail: { language: code, count: plan.writes.length },
        });
      });
      return { imported: plan.writes.length, stale: plan.stale, unchanged: plan.unchanged, skipped: plan.skipped };
    },
  );
}
