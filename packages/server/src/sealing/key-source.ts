import { sealingKeyBytes, type AppConfig } from '../config.js';
import { lazyServerSecret } from '../db/server-secrets.js';
import type { Db } from '../db/types.js';

/**
 * The key that seals stored secrets (payment and captcha keys): `EMPORIUM_SEALING_KEY` when
 * set, else a key kept among the database's server secrets (made on first use).
 */
export function sealingKeySource(db: Db, config: Pick<AppConfig, 'sealingKey'>): () => Promise<Buffer> {
  const configured = config.sealingKey === undefined ? undefined : sealingKeyBytes(config.sealingKey);
  if (configured) return async () => configured;
  return lazyServerSecret(db, 'payments-sealing');
}
