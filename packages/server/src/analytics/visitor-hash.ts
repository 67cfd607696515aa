import { createHmac } from 'node:crypto';
import { like, lt, and } from 'drizzle-orm';
import { loadServerSecret, serverSecrets, type Db } from '../db/index.js';

const SALT_PREFIX = 'analytics-salt:';

/** The UTC calendar day of a moment, as YYYY-MM-DD. */
export function utcDay(at: Date): string {
  return at.toISOString().slice(0, 10);
}

/**
 * Hashes visitors and sessions under a random salt of the current UTC day. Each day's salt is
 * created on first use (shared by every server process through `server_secrets`) and the
 * salts of earlier days are deleted, so yesterday's hashes can no longer be recomputed from an
 * IP address and user agent, nor linked to today's.
 */
export class DailySalt {
  private current: { day: string; salt: Promise<Buffer> } | undefined;

  constructor(private readonly db: Db) {}

  private saltOf(day: string): Promise<Buffer> {
    if (this.current?.day !== day) {
      const salt = (async () => {
        const value = await loadServerSecret(this.db, SALT_PREFIX + day);
        await this.db.delete(serverSecrets).where(and(like(serverSecrets.name, `${SALT_PREFIX}%`), lt(serverSecrets.name, SALT_PREFIX + day)));
        return value;
      })();
      salt.catch(() => {
        if (this.current?.salt === salt) this.current = undefined;
      });
      this.current = { day, salt };
    }
    return this.current.salt;
  }

  /** The day's hash of a visitor: the site, the client's IP address and its user agent. */
  async visitorHash(now: Date, websiteId: string, ip: string, userAgent: string): Promise<string> {
    return keyed(await this.saltOf(utcDay(now)), ['visitor', websiteId, ip, userAgent]);
  }

  /** The day's hash of a session: the browser's session id (SS_SESSION_ID) when it sent one, else the visitor's hash. */
  async sessionHash(now: Date, websiteId: string, visitorHash: string, sessionId: string | undefined): Promise<string> {
    if (!sessionId) return visitorHash;
    return keyed(await this.saltOf(utcDay(now)), ['session', websiteId, sessionId]);
  }
}

function keyed(salt: Buffer, parts: string[]): string {
  return createHmac('sha256', salt).update(parts.join('\n')).digest('hex').slice(0, 32);
}
