import { performance } from 'node:perf_hooks';
import { eq, sql } from 'drizzle-orm';
import { PAGE_VERSION_LEASE_MS, pageVersionFenceOf, websites, writeEpochOf, type Db, type WriteEpoch } from '../../db/index.js';

function preparePageVersion(db: Db) {
  return db
    .select({ version: websites.pageVersion })
    .from(websites)
    .where(eq(websites.id, sql.placeholder('websiteId')))
    .limit(1)
    .prepare('page_version');
}

/** One prepared statement per database handle: a cache hit on PostgreSQL runs it for every request. */
const pageVersionStatements = new WeakMap<Db, ReturnType<typeof preparePageVersion>>();

/** Reads the site's page version (0078: bumped by every write a page can show); -1 when the site does not exist. */
export async function readPageVersion(db: Db, websiteId: string): Promise<number> {
  let statement = pageVersionStatements.get(db);
  if (!statement) pageVersionStatements.set(db, (statement = preparePageVersion(db)));
  const [row] = await statement.execute({ websiteId });
  return row ? Number(row.version) : -1;
}

/** Most sites whose page version is remembered: between writes on PGlite, as leased reads on PostgreSQL. */
export const KNOWN_VERSIONS_MAX = 10_000;

/** The version read of one site in flight, and the one queued behind it. */
interface VersionReads {
  queued?: Promise<number>;
  running?: Promise<number>;
}

/** The newest page-version read of one site on PostgreSQL: when it was sent, and its answer once known. */
interface LeasedRead {
  readonly sentAt: number;
  readonly read: Promise<number>;
  version?: number;
}

/** The page versions of sites as this process knows them; see {@link PageVersions.pageVersion}. */
export class PageVersions {
  private readonly versionReads = new Map<string, VersionReads>();
  private readonly knownVersions = new Map<string, number>();
  private readonly leasedReads = new Map<string, LeasedRead>();
  private knownEpoch = -1;
  private readonly monotonicNow: () => number;

  /** `monotonicNow`: the clock page-version leases are measured with (default `performance.now`). */
  constructor(monotonicNow: () => number = () => performance.now()) {
    this.monotonicNow = monotonicNow;
  }

  /**
   * The site's page version as read by a statement that started after this call: callers
   * that arrive while a read is running share the next read, so at most one read per site is
   * in flight and none returns a version older than the caller's arrival. On a database only
   * this process writes (PGlite), a version read while no write ran is reused until the
   * driver's write epoch moves (decision 0010). On PostgreSQL, whose writes through our
   * servers wait out the page-version lease after they commit, a read sent less than the lease
   * ago is reused (decision 0028).
   */
  pageVersion(db: Db, websiteId: string): number | Promise<number> {
    if (pageVersionFenceOf(db)) return this.leasedVersion(db, websiteId);
    const writes = writeEpochOf(db);
    if (writes && !writes.writing && writes.value === this.knownEpoch) {
      const known = this.knownVersions.get(websiteId);
      if (known !== undefined) return known;
    }
    let slot = this.versionReads.get(websiteId);
    if (!slot) this.versionReads.set(websiteId, (slot = {}));
    const state = slot;
    if (!state.running) return this.startRead(db, websiteId, state, writes);
    if (!state.queued) {
      const next = () => this.startRead(db, websiteId, state, writes);
      state.queued = state.running.then(next, next);
    }
    return state.queued;
  }

  /**
   * Takes `version`, read by a statement sent at `sentAt` (this clock) that read the site's row
   * for another reason (the site resolver's), as a read of the site's page version, on
   * PostgreSQL: reused for the lease after `sentAt` like the reads of {@link pageVersion}, when
   * no newer read is known. On PGlite nothing changes (its reuse depends on the write epoch when
   * a read was sent, which such a statement does not note).
   */
  observe(db: Db, websiteId: string, version: number, sentAt: number): void {
    if (!pageVersionFenceOf(db)) return;
    const newest = this.leasedReads.get(websiteId);
    if (newest && newest.sentAt >= sentAt) return;
    if (this.monotonicNow() - sentAt >= PAGE_VERSION_LEASE_MS) return;
    this.leasedReads.delete(websiteId);
    if (this.leasedReads.size >= KNOWN_VERSIONS_MAX) this.leasedReads.delete(this.leasedReads.keys().next().value!);
    this.leasedReads.set(websiteId, { sentAt, read: Promise.resolve(version), version });
  }

  /**
   * The answer of the newest read of the site's version if it was sent less than
   * {@link PAGE_VERSION_LEASE_MS} ago, else of a new read. A write acknowledged before this call
   * committed at least the lease before it, so a read sent within the lease started after that
   * commit and sees it.
   */
  private leasedVersion(db: Db, websiteId: string): number | Promise<number> {
    const now = this.monotonicNow();
    const newest = this.leasedReads.get(websiteId);
    if (newest && now - newest.sentAt < PAGE_VERSION_LEASE_MS) return newest.version ?? newest.read;
    const read = readPageVersion(db, websiteId);
    const lease: LeasedRead = { sentAt: now, read };
    this.leasedReads.delete(websiteId);
    if (this.leasedReads.size >= KNOWN_VERSIONS_MAX) this.leasedReads.delete(this.leasedReads.keys().next().value!);
    this.leasedReads.set(websiteId, lease);
    read.then(
      (version) => {
        lease.version = version;
      },
      () => {
        if (this.leasedReads.get(websiteId) === lease) this.leasedReads.delete(websiteId);
      },
    );
    return read;
  }

  private startRead(db: Db, websiteId: string, state: VersionReads, writes: WriteEpoch | undefined): Promise<number> {
    state.queued = undefined;
    const epoch = writes && !writes.writing ? writes.value : undefined;
    const running = readPageVersion(db, websiteId);
    state.running = running;
    const done = () => {
      if (state.running === running) state.running = undefined;
      if (!state.running && !state.queued) this.versionReads.delete(websiteId);
    };
    running.then((version) => {
      done();
      if (epoch !== undefined && !writes!.writing && writes!.value === epoch) this.remember(websiteId, version, epoch);
    }, done);
    return running;
  }

  private remember(websiteId: string, version: number, epoch: number): void {
    if (epoch !== this.knownEpoch) {
      this.knownVersions.clear();
      this.knownEpoch = epoch;
    }
    this.knownVersions.delete(websiteId);
    if (this.knownVersions.size >= KNOWN_VERSIONS_MAX) this.knownVersions.delete(this.knownVersions.keys().next().value!);
    this.knownVersions.set(websiteId, version);
  }
}
