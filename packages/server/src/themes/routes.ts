import multipart from '@fastify/multipart';
import { and, eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import {
  contrastProblems,
  readThemeZip,
  siteStyleContrastProblems,
  resolveTweakValues,
  THEME_LIMITS,
  ThemeFilesError,
  type Tweak,
  validateTweakValues,
} from '@emporium/theme';
import type { AppDeps } from '../app-deps.js';
import { collections, websites, type DbOrTx } from '../db/index.js';
import { AppError } from '../errors/index.js';
import { withErrors, z, type ZodTypeProvider } from '../http/schemas.js';
import { draftSetting, editedSetting } from '../drafts/index.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { siteOf } from '../sites/index.js';
import { installTheme, listThemes, selectTheme } from './install.js';
import { type ActiveTheme, ThemeRefusedError } from './registry.js';
import { PageLayoutChoice, PageLayouts, ThemeChoice, ThemeInstalled, ThemeList, ThemeProblemBody, TweakChange, TweakGroups } from './schemas.js';

/** Paths of the owner's Design calls. */
export const ThemePaths = Object.freeze({
  THEMES: '/api/owner/themes',
  THEME: '/api/owner/theme',
  TWEAKS: '/api/owner/theme/tweaks',
  PAGE_LAYOUTS: '/api/owner/page-layouts',
});

/** The Design calls' refusals, as the dashboard shows them. */
export const ThemeMessages = Object.freeze({
  NOT_INSTALLED: 'That theme is not installed.',
  NO_FILE: 'Choose a theme (.zip) to upload.',
  TOO_LARGE: `The file is too large: a theme may be at most ${THEME_LIMITS.totalBytes / 1024 / 1024} MB.`,
  UNREADABLE_UPLOAD: 'The upload could not be read: send the theme as multipart/form-data.',
  REFUSED: 'The theme was not installed. Fix these problems and upload it again.',
  TWEAKS_REFUSED: 'Nothing was saved. Check the marked settings.',
  NO_SUCH_PAGE: 'That page is not on this site.',
  noSuchLayout: (layouts: readonly string[]) => `The current theme has no such layout. Choose one of: ${layouts.join(', ')}.`,
});

/** Largest JSON body of a Design change. */
const BODY_LIMIT = 64 * 1024;

const tags = ['design', 'owner'];

/** The site's settings as stored now (the request's copy of the site may be seconds old). */
async function storedSettings(db: DbOrTx, websiteId: string): Promise<Record<string, unknown>> {
  const rows = await db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, websiteId)).limit(1);
  return (rows[0]?.settings as Record<string, unknown> | undefined) ?? {};
}

/** The site's settings with its styles and page layouts as owners edit them: drafted ones in place of the published. */
async function editedSettings(db: DbOrTx, websiteId: string): Promise<Record<string, unknown>> {
  const settings = { ...(await storedSettings(db, websiteId)) };
  for (const key of ['themeTweaks', 'pageLayouts', 'siteStyles'] as const) {
    const edited = await editedSetting(db, websiteId, key);
    if (edited.drafted) settings[key] = edited.value ?? undefined;
  }
  return settings;
}

const objectOf = (value: unknown): Record<string, unknown> =>
  value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {};

function storedTweaks(settings: Record<string, unknown>, themeId: string): Record<string, unknown> {
  const all = settings.themeTweaks;
  if (typeof all !== 'object' || all === null) return {};
  const mine = (all as Record<string, unknown>)[themeId];
  return typeof mine === 'object' && mine !== null ? (mine as Record<string, unknown>) : {};
}

function pageLayoutsOf(settings: Record<string, unknown>): Record<string, string> {
  const stored = settings.pageLayouts;
  if (typeof stored !== 'object' || stored === null) return {};
  return Object.fromEntries(Object.entries(stored).filter((entry): entry is [string, string] => typeof entry[1] === 'string'));
}

/**
 * The current theme's settings grouped by category (in the order each category first appears), with the site's values,
 * and the contrast problems of the theme's colours and of the site styles' colour themes.
 */
function tweakGroups(theme: ActiveTheme, stored: Record<string, unknown>, siteStyles: unknown): z.infer<typeof TweakGroups> {
  const { values } = resolveTweakValues(theme.compiled.tweaks, stored);
  const groups = new Map<string, z.infer<typeof TweakGroups>['categories'][number]>();
  for (const tweak of theme.compiled.tweaks) {
    let group = groups.get(tweak.category);
    if (!group) groups.set(tweak.category, (group = { name: tweak.category, tweaks: [] }));
    group.tweaks.push(controlOf(tweak, values[tweak.title]));
  }
  const contrast = [...contrastProblems(theme.compiled.tweaks, values), ...siteStyleContrastProblems(siteStyles)];
  return { themeId: theme.id, themeName: theme.name, categories: [...groups.values()], contrast };
}

function controlOf(tweak: Tweak, value: string | undefined) {
  return {
    title: tweak.title,
    type: tweak.type,
    label: tweak.label,
    options: [...tweak.options],
    default: tweak.default ?? null,
    value: value ?? null,
    ...(tweak.min !== undefined ? { min: tweak.min } : {}),
    ...(tweak.max !== undefined ? { max: tweak.max } : {}),
    ...(tweak.step !== undefined ? { step: tweak.step } : {}),
    ...(tweak.unit ? { unit: tweak.unit } : {}),
    ...(tweak.showOnlyWhenPresent ? { showOnlyWhenPresent: tweak.showOnlyWhenPresent } : {}),
    ...(tweak.target ? { target: tweak.target } : {}),
  };
}

/** Who sees a Design answer: the owner only, never a shared cache. */
async function noStore(_request: FastifyRequest, reply: FastifyReply): Promise<void> {
  reply.header('cache-control', 'no-store, private');
}

/** The uploaded theme archive (multipart field `file`). */
async function readUpload(request: FastifyRequest): Promise<Buffer> {
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts({ limits: { fileSize: THEME_LIMITS.totalBytes, files: 1, fields: 5 } })) {
      if (part.type !== 'file') continue;
      const body = await part.toBuffer();
      if (part.fieldname === 'file') bytes = body;
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', ThemeMessages.TOO_LARGE);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE', ThemeMessages.NO_FILE);
    throw new AppError('BAD_REQUEST', ThemeMessages.UNREADABLE_UPLOAD, { cause: error });
  }
  if (!bytes || bytes.length === 0) throw new AppError('VALIDATION_FAILED', ThemeMessages.NO_FILE);
  return bytes;
}

/**
 * Registers the owner's Design calls: the themes a site may use and the one it renders with,
 * choosing a theme, the current theme's style settings (read, change, reset), uploading a
 * site-private theme (zip) and choosing a page's layout. Reading needs `settings:read`,
 * changing `settings:write`; the site is always the session's. Pages read their theme settings
 * fresh, so every change shows on the next storefront page on every server.
 */
export function registerThemeRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db, themes: registry } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(db, deps.config.ownerToken, 'settings:read');
  const write = requireOwner(db, deps.config.ownerToken, 'settings:write');

  const themeList = async (websiteId: string) => {
    const settings = await editedSettings(db, websiteId);
    const current = await registry.forSettings(settings);
    return { currentThemeId: current.id, themes: await listThemes(db, registry, websiteId), pageLayouts: pageLayoutsOf(settings) };
  };
  const currentTweaks = async (websiteId: string) => {
    const settings = await editedSettings(db, websiteId);
    const theme = await registry.forSettings(settings);
    return { theme, stored: storedTweaks(settings, theme.id), siteStyles: settings.siteStyles };
  };

  routes.get(
    ThemePaths.THEMES,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: 'The themes the site may use and the one it renders with (owner)', response: withErrors({ 200: ThemeList }) },
    },
    async (request) => themeList(siteOf(request).id),
  );

  routes.put(
    ThemePaths.THEME,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: "Makes the site render with a theme; the site's pages change at once (owner)",
        body: ThemeChoice,
        response: withErrors({ 200: ThemeList }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { themeId } = request.body;
      const chosen = await db.transaction(async (tx) => {
        if (!(await selectTheme(tx, registry, site.id, themeId))) return false;
        await recordAudit(tx, request, { action: 'theme.select', subjectType: 'theme', subjectId: themeId });
        return true;
      });
      if (!chosen) throw new AppError('NOT_FOUND', ThemeMessages.NOT_INSTALLED);
      deps.resolver.invalidate();
      return themeList(site.id);
    },
  );

  routes.get(
    ThemePaths.TWEAKS,
    {
      onRequest: noStore,
      preValidation: read,
      schema: { tags, summary: "The current theme's style settings by category, with the site's values (owner)", response: withErrors({ 200: TweakGroups }) },
    },
    async (request) => {
      const { theme, stored, siteStyles } = await currentTweaks(siteOf(request).id);
      return tweakGroups(theme, stored, siteStyles);
    },
  );

  const saveTweaks = async (request: FastifyRequest, change: { values: Record<string, unknown>; reset: boolean }) => {
    const site = siteOf(request);
    const { theme, siteStyles } = await currentTweaks(site.id);
    const checked = validateTweakValues(theme.compiled.tweaks, change.values);
    if (!checked.ok) {
      const fields = Object.fromEntries(Object.entries(checked.errors).map(([title, message]) => [`values.${title}`, message]));
      throw new AppError('VALIDATION_FAILED', ThemeMessages.TWEAKS_REFUSED, { body: { fields } });
    }
    const values = { ...checked.values };
    const drafted = await draftSetting(
      db,
      site.id,
      'themeTweaks',
      (current) => {
        const all = objectOf(current);
        return { ...all, [theme.id]: change.reset ? values : { ...objectOf(all[theme.id]), ...values } };
      },
      request.owner?.email ?? '',
    );
    await recordAudit(db, request, {
      action: change.reset ? 'theme.style.reset' : 'theme.style',
      subjectType: 'theme',
      subjectId: theme.id,
      detail: { values },
    });
    return tweakGroups(theme, objectOf(drafted[theme.id]), siteStyles);
  };

  routes.put(
    ThemePaths.TWEAKS,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Changes style settings of the current theme: the values named are checked (400 with a message per refused setting in fields, keyed values.{title}, and nothing saved) and merged over the stored ones; reset true restores the defaults first (owner)',
        body: TweakChange,
        response: withErrors({ 200: TweakGroups }),
      },
    },
    async (request) => saveTweaks(request, request.body),
  );

  routes.delete(
    ThemePaths.TWEAKS,
    {
      onRequest: noStore,
      preValidation: write,
      schema: { tags, summary: 'Restores every style setting of the current theme to its default (owner)', response: withErrors({ 200: TweakGroups }) },
    },
    async (request) => saveTweaks(request, { values: {}, reset: true }),
  );

  app.register(async (scope) => {
    await scope.register(multipart, { limits: { fileSize: THEME_LIMITS.totalBytes, files: 1 } });
    scope.withTypeProvider<ZodTypeProvider>().post(
      ThemePaths.THEMES,
      {
        onRequest: noStore,
        preValidation: write,
        schema: {
          tags,
          summary: `Uploads a theme (a .zip of a theme folder, multipart field "file", at most ${THEME_LIMITS.totalBytes / 1024 / 1024} MB) the site alone may use; 422 with its problems when it is refused (owner)`,
          consumes: ['multipart/form-data'],
          // Read from the multipart stream by the handler; the schema documents the form.
          body: z.object({ file: z.string().describe('The theme archive (binary)') }).nullish(),
          response: withErrors({
            201: ThemeInstalled,
            422: z.object({ error: z.string(), message: z.string(), problems: z.array(ThemeProblemBody) }).describe('The theme was refused: its problems'),
          }),
        },
      },
      async (request, reply) => {
        const site = siteOf(request);
        const bytes = await readUpload(request);
        try {
          const files = readThemeZip(bytes);
          const result = await installTheme(db, registry, files, { site: { id: site.id, identifier: site.identifier } });
          await recordAudit(db, request, {
            action: 'theme.install',
            subjectType: 'theme',
            subjectId: result.theme.id,
            detail: { name: result.theme.name, version: result.theme.version },
          });
          return reply.code(201).send(result);
        } catch (error) {
          if (error instanceof ThemeFilesError) throw new AppError('BAD_REQUEST', error.message);
          if (error instanceof ThemeRefusedError) {
            const problems = [...error.problems].sort((a, b) => (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1));
            throw new AppError('UNPROCESSABLE', ThemeMessages.REFUSED, { body: { problems } });
          }
          throw error;
        }
      },
    );
  });

  routes.put(
    ThemePaths.PAGE_LAYOUTS,
    {
      onRequest: noStore,
      preValidation: write,
      bodyLimit: BODY_LIMIT,
      schema: {
        tags,
        summary: "Chooses the layout of a page (collection) from the current theme's layouts (owner)",
        body: PageLayoutChoice,
        response: withErrors({ 200: PageLayouts }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const { collectionId, layout } = request.body;
      const theme = await registry.forSettings(await storedSettings(db, site.id));
      const layouts = theme.compiled.source.layouts;
      if (!layouts.has(layout)) {
        const message = ThemeMessages.noSuchLayout([...layouts.keys()]);
        throw new AppError('VALIDATION_FAILED', message, { body: { fields: { layout: message } } });
      }
      const [page] = await db
        .select({ id: collections.id })
        .from(collections)
        .where(and(eq(collections.websiteId, site.id), eq(collections.id, collectionId)))
        .limit(1);
      if (!page) throw new AppError('NOT_FOUND', ThemeMessages.NO_SUCH_PAGE);
      const drafted = await draftSetting(
        db,
        site.id,
        'pageLayouts',
        (current) => ({ ...objectOf(current), [collectionId]: layout }),
        request.owner?.email ?? '',
      );
      await recordAudit(db, request, { action: 'page.layout', subjectType: 'collection', subjectId: collectionId, detail: { layout, themeId: theme.id } });
      return { pageLayouts: pageLayoutsOf({ pageLayouts: drafted }) };
    },
  );
}
