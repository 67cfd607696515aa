import { eq } from 'drizzle-orm';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { AppDeps } from '../app-deps.js';
import { websites, type DbOrTx } from '../db/index.js';
import { noStore } from '../http/request-site.js';
import { withErrors, type ZodTypeProvider } from '../http/schemas.js';
import { recordAudit } from '../owner-accounts/index.js';
import { requireOwner } from '../owner-sessions/index.js';
import { sealingKeySource } from '../sealing/index.js';
import { siteOf, withSettingsDefaults } from '../sites/index.js';
import { captchaKeysView, writeCaptchaKeys } from './captcha-keys.js';
import { SITE_SETTINGS_BODY_LIMIT, SiteSettingsPaths as P } from './paths.js';
import { CaptchaKeys, CaptchaKeysBody, SettingsChoices, SiteSettings, StoreConfig, StoreConfigBody, VisitorSettings, VisitorSettingsBody } from './schemas.js';
import { readStoreConfig, writeStoreConfig } from './store-config.js';
import { draftVisitorSettings, readVisitorSettings } from './visitor-settings.js';

const tags = ['owner', 'site settings'];
const noCache = async (_request: FastifyRequest, reply: FastifyReply) => {
  noStore(reply);
};

/** The site's row locked for a change, so two changes at once both count. */
async function lockedSite(tx: DbOrTx, id: string) {
  const [row] = await tx.select({ id: websites.id, settings: websites.settings }).from(websites).where(eq(websites.id, id)).for('update');
  return { id, settings: withSettingsDefaults(row?.settings) };
}

/**
 * Registers the Site settings calls. Time zone, locale, currency and captcha keys are store
 * configuration, in effect once saved; favicon, social image, social accounts and the cookie
 * banner are what visitors see, drafted and published with the site's other drafts (decision
 * 0046). Reading needs `settings:read`, changing `settings:write`.
 */
export function registerSiteSettingsRoutes(app: FastifyInstance, deps: AppDeps): void {
  const { db } = deps;
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const read = requireOwner(db, deps.config.ownerToken, 'settings:read');
  const write = requireOwner(db, deps.config.ownerToken, 'settings:write');
  const sealingKey = sealingKeySource(db, deps.config);

  routes.get(
    P.SETTINGS,
    {
      onRequest: noCache,
      preValidation: read,
      schema: {
        tags,
        summary: "The site's settings: store configuration, captcha (whether each secret is set, never the secret) and what visitors see, as drafted (owner)",
        response: withErrors({ 200: SiteSettings }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const [row] = await db.select({ settings: websites.settings }).from(websites).where(eq(websites.id, site.id));
      const current = { id: site.id, settings: withSettingsDefaults(row?.settings) };
      return { store: await readStoreConfig(db, current), captcha: captchaKeysView(current), visitor: await readVisitorSettings(db, site.id) };
    },
  );

  routes.get(
    P.CHOICES,
    {
      onRequest: noCache,
      preValidation: read,
      schema: { tags, summary: 'The time zones and currencies a site can choose (owner)', response: withErrors({ 200: SettingsChoices }) },
    },
    async () => ({ timeZones: ['UTC', ...Intl.supportedValuesOf('timeZone').filter((z) => z !== 'UTC')], currencies: Intl.supportedValuesOf('currency') }),
  );

  routes.put(
    P.STORE,
    {
      onRequest: noCache,
      preValidation: write,
      bodyLimit: SITE_SETTINGS_BODY_LIMIT,
      schema: {
        tags,
        summary:
          'Saves the time zone, locale and currency at once; a currency change is refused once the store has orders, and needs confirmCurrencyChange over products (owner)',
        body: StoreConfigBody,
        response: withErrors({ 200: StoreConfig }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      const saved = await db.transaction(async (tx) => {
        const out = await writeStoreConfig(tx, await lockedSite(tx, site.id), request.body);
        await recordAudit(tx, request, { action: 'site.store-config', subjectType: 'site', subjectId: site.id });
        return out;
      });
      deps.resolver.invalidate();
      return saved;
    },
  );

  routes.put(
    P.CAPTCHA,
    {
      onRequest: noCache,
      preValidation: write,
      bodyLimit: SITE_SETTINGS_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Saves the captcha choice and keys at once; secrets are stored sealed and never answered (left out: kept; empty: removed) (owner)',
        body: CaptchaKeysBody,
        response: withErrors({ 200: CaptchaKeys }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      // The key is read before the transaction: PGlite has one connection, which the transaction holds.
      const key = request.body.secret || request.body.apiKey ? await sealingKey() : undefined;
      const saved = await db.transaction(async (tx) => {
        const out = await writeCaptchaKeys(tx, await lockedSite(tx, site.id), request.body, key);
        await recordAudit(tx, request, { action: 'site.captcha', subjectType: 'site', subjectId: site.id });
        return out;
      });
      deps.resolver.invalidate();
      return saved;
    },
  );

  routes.put(
    P.VISITOR,
    {
      onRequest: noCache,
      preValidation: write,
      bodyLimit: SITE_SETTINGS_BODY_LIMIT,
      schema: {
        tags,
        summary: 'Drafts the favicon, social image, social accounts and cookie banner; visitors see them once the drafts are published (owner)',
        body: VisitorSettingsBody,
        response: withErrors({ 200: VisitorSettings }),
      },
    },
    async (request) => {
      const site = siteOf(request);
      if (await draftVisitorSettings(db, site.id, request.body, request.owner?.email ?? '')) {
        await recordAudit(db, request, { action: 'site.visitor-settings', subjectType: 'site', subjectId: site.id });
      }
      return readVisitorSettings(db, site.id);
    },
  );
}
