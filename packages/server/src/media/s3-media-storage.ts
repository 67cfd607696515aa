import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { AppError } from '../errors/index.js';
import { assertMediaKey, type MediaStorage } from './media-storage.js';

/** Where an S3-compatible bucket is and how to sign for it. */
export interface S3MediaStoreOptions {
  /** Origin of the S3 API (`https://s3.eu-west-1.amazonaws.com`, a MinIO or R2 endpoint). */
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
  /** Longest wait for one call, in ms (default {@link S3_TIMEOUT_MS}). */
  timeoutMs?: number;
}

/** Longest wait for one call to the bucket. */
export const S3_TIMEOUT_MS = 10_000;

/** What a client is told when the media store cannot be reached; the log names the bucket and the cause. */
export const MEDIA_STORE_UNAVAILABLE = 'Images cannot be stored or shown right now: the media store could not be reached. Try again in a moment.';

/** S3 error codes that mean a key is missing (the bucket itself answered). */
const MISSING_KEY_CODES = new Set(['NoSuchKey', 'NotFound']);

/**
 * Media in an S3-compatible bucket, addressed path-style (`{endpoint}/{bucket}/{key}`, which
 * AWS, MinIO, Ceph, R2 and s3rver all accept) and signed with AWS Signature V4 (aws4fetch; the
 * payload hash is signed, so a changed body is refused). A missing key reads as null; an
 * unreachable endpoint, a missing bucket, refused credentials or a timeout throw an
 * UNAVAILABLE (503) error whose cause names the bucket, the endpoint and what went wrong.
 */
export function s3MediaStorage(options: S3MediaStoreOptions): MediaStorage {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    region: options.region,
    service: 's3',
    retries: 2,
    initRetryMs: 100,
  });
  const base = `${options.endpoint.replace(/\/+$/, '')}/${encodeURIComponent(options.bucket)}`;
  const where = `bucket '${options.bucket}' at ${options.endpoint}`;
  const unavailable = (what: string, cause?: unknown) =>
    new AppError('UNAVAILABLE', MEDIA_STORE_UNAVAILABLE, { cause: new Error(`Media store ${where}: ${what}`, cause === undefined ? undefined : { cause }) });

  async function call(method: 'GET' | 'PUT' | 'DELETE', key: string, body?: Buffer): Promise<Response> {
    assertMediaKey(key);
    const url = `${base}/${key.split('/').map(encodeURIComponent).join('/')}`;
    const headers: Record<string, string> = {
      'x-amz-content-sha256': createHash('sha256')
        .update(body ?? '')
        .digest('hex'),
    };
    try {
      return await client.fetch(url, {
        method,
        headers,
        ...(body ? { body: new Uint8Array(body) } : {}),
        signal: AbortSignal.timeout(options.timeoutMs ?? S3_TIMEOUT_MS),
      });
    } catch (error) {
      const timedOut = (error as Error).name === 'TimeoutError';
      throw unavailable(timedOut ? `no answer within ${options.timeoutMs ?? S3_TIMEOUT_MS} ms` : `could not be reached (${describe(error)})`, error);
    }
  }

  async function refusal(response: Response, method: string): Promise<AppError> {
    return unavailable(`${method} answered ${response.status} (${(await errorCodeOf(response)) ?? 'no error code'})`);
  }

  /** A 404 for the key, not for the bucket (a missing bucket answers 404 NoSuchBucket). */
  async function isMissingKey(response: Response, method: string): Promise<boolean> {
    if (response.status !== 404) return false;
    const code = await errorCodeOf(response);
    if (code === undefined || MISSING_KEY_CODES.has(code)) return true;
    throw unavailable(`${method} answered 404 (${code})`);
  }

  return {
    async put(key, bytes) {
      const response = await call('PUT', key, bytes);
      if (!response.ok) throw await refusal(response, 'PUT');
      await response.body?.cancel();
    },
    async get(key) {
      const response = await call('GET', key);
      if (response.ok) return Buffer.from(await response.arrayBuffer());
      if (await isMissingKey(response, 'GET')) return null;
      throw await refusal(response, 'GET');
    },
    async delete(key) {
      const response = await call('DELETE', key);
      if (response.ok || (await isMissingKey(response, 'DELETE'))) {
        await response.body?.cancel();
        return;
      }
      throw await refusal(response, 'DELETE');
    },
  };
}

/** The `<Code>` of an S3 error body, if any. */
async function errorCodeOf(response: Response): Promise<string | undefined> {
  const text = await response.text().catch(() => '');
  return /<Code>([^<]+)<\/Code>/.exec(text)?.[1];
}

/** A fetch failure's own words, with the system error under it (`ECONNREFUSED`, `ENOTFOUND`). */
function describe(error: unknown): string {
  const cause = (error as { cause?: { code?: string; message?: string } }).cause;
  return [String((error as Error).message ?? error), cause?.code ?? cause?.message].filter(Boolean).join(': ');
}
