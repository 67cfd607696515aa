import type { LightMyRequestResponse } from 'fastify';
import type { Dialect } from '../src/db/index.js';
import type { Website } from '../src/sites/index.js';
import { makeOwner, type OwnerClient, signInOwner } from './owners.js';
import { enableAccounts } from './site-users.js';
import { createTestApp, type CreateTestAppOptions, type TestApp } from './test-app.js';
import { createTestDb } from './test-db.js';

/** Two sites with customer accounts on, and the owners who use the Customers screen, signed in. */
export interface CustomerSites {
  t: TestApp;
  /** The site under test: its owners are `admin`, `manager`, `reporting` and `editor`. */
  a: Website;
  /** Another site, whose admin is `otherAdmin`. */
  b: Website;
  /** admin@a.test, role admin. */
  admin: OwnerClient;
  /** manager@a.test, role store-manager. */
  manager: OwnerClient;
  /** reporting@a.test, role reporting. */
  reporting: OwnerClient;
  /** editor@a.test, role editor. */
  editor: OwnerClient;
  /** admin@b.test, role admin of site b. */
  otherAdmin: OwnerClient;
  /** Closes the app and its database. */
  close: () => Promise<void>;
}

/**
 * An app on a fresh database of `dialect` with sites `<name>-a-<dialect>` and `<name>-b-<dialect>`
 * (titles `<Name> A` and `<Name> B`), accounts enabled on both, rate limits off and the outbox
 * left alone; `options` adds routes (`setup`) or configuration.
 */
export async function createCustomerSites(
  dialect: Dialect,
  name: string,
  options: Pick<CreateTestAppOptions, 'setup' | 'config'> = {},
): Promise<CustomerSites> {
  const testDb = await createTestDb({ dialect });
  const t = await createTestApp({
    testDb,
    rateLimitStore: { hit: async () => 1, close: async () => {} },
    config: { outboxPollMs: 600_000, ...options.config },
    setup: options.setup,
  });
  const close = async () => {
    await t.close();
    await testDb.close();
  };
  try {
    const slug = name.toLowerCase();
    const a = await t.createSite({ identifier: `${slug}-a-${dialect}`, title: `${name} A` });
    const b = await t.createSite({ identifier: `${slug}-b-${dialect}`, title: `${name} B` });
    const db = testDb.db;
    await enableAccounts(db, a.id);
    await enableAccounts(db, b.id);
    await makeOwner(db, a.id, 'admin@a.test', 'admin');
    await makeOwner(db, a.id, 'manager@a.test', 'store-manager');
    await makeOwner(db, a.id, 'reporting@a.test', 'reporting');
    await makeOwner(db, a.id, 'editor@a.test', 'editor');
    await makeOwner(db, b.id, 'admin@b.test', 'admin');
    return {
      t,
      a,
      b,
      admin: await signInOwner(t.app, t.hostOf(a), 'admin@a.test'),
      manager: await signInOwner(t.app, t.hostOf(a), 'manager@a.test'),
      reporting: await signInOwner(t.app, t.hostOf(a), 'reporting@a.test'),
      editor: await signInOwner(t.app, t.hostOf(a), 'editor@a.test'),
      otherAdmin: await signInOwner(t.app, t.hostOf(b), 'admin@b.test'),
      close,
    };
  } catch (error) {
    await close();
    throw error;
  }
}

/** POSTs `body` as JSON with the owner's session but no crumb (neither the header nor its cookie). */
export function postWithoutCrumb(t: TestApp, owner: OwnerClient, url: string, body: unknown): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    headers: { host: owner.host, 'x-emporium-site': owner.site!, cookie: owner.sessionCookie, 'content-type': 'application/json' },
    payload: JSON.stringify(body),
  });
}
