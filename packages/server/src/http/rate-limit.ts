import { AddToCartMessages } from '@emporium/commerce';
import { createRequire } from 'node:module';
import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { Redis } from 'ioredis';
import { AppError } from '../errors/index.js';

/** Spec 8: the message shown for HTTP 429. */
export const RATE_LIMITED_MESSAGE = AddToCartMessages.RATE_LIMITED;

/** Counts hits per key in fixed windows (the caller puts the window's number in the key). */
export interface RateLimitStore {
  /** Records one hit in the window that contains `now` and returns the window's count. */
  hit(key: string, windowMs: number, now: number): Promise<number>;
  close(): Promise<void>;
}

type PluginStoreCtor = new (continueExceeding: boolean, exponentialBackoff: boolean, ...rest: unknown[]) => FastifyRateLimitStore;
const requirePackage = createRequire(import.meta.url);
/** @fastify/rate-limit's own counters; the plugin selects them by option and does not export them by name. */
const LocalStore = requirePackage('@fastify/rate-limit/store/LocalStore.js') as PluginStoreCtor;
const RedisStore = requirePackage('@fastify/rate-limit/store/RedisStore.js') as PluginStoreCtor;

/** Our keys carry their window's number, so no counter ever outlives its window: `max` never matters. */
const NO_MAX = Number.MAX_SAFE_INTEGER;

function incr(store: FastifyRateLimitStore, key: string, windowMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    store.incr(
      key,
      (error, result) => (error || !result ? reject(error ?? new Error('rate limit store gave no count')) : resolve(result.current)),
      windowMs,
      NO_MAX,
    );
  });
}

/** Keys the in-process store keeps at most (least recently used first out). */
export const MEMORY_STORE_KEYS = 50_000;

/** In-process store (@fastify/rate-limit's LRU counters): correct for one server process. */
export class MemoryRateLimitStore implements RateLimitStore {
  private store: FastifyRateLimitStore;

  constructor(private readonly keys = MEMORY_STORE_KEYS) {
    this.store = new LocalStore(false, false, keys);
  }

  /** `now` is not needed: the window's number is in the key, and an entry lives `windowMs` from its first hit. */
  hit(key: string, windowMs: number, _now?: number): Promise<number> {
    return incr(this.store, key, windowMs);
  }

  async close(): Promise<void> {
    this.store = new LocalStore(false, false, this.keys);
  }
}

/** Redis store (@fastify/rate-limit's INCR and PEXPIRE script): limits shared by every server process using the same Redis. */
export class RedisRateLimitStore implements RateLimitStore {
  private readonly redis: Redis;
  private readonly store: FastifyRateLimitStore;

  constructor(url: string, prefix = 'emporium:rl:') {
    this.redis = new Redis(url, { lazyConnect: false, maxRetriesPerRequest: 1, enableOfflineQueue: true });
    this.redis.on('error', () => {});
    this.store = new RedisStore(false, false, this.redis, prefix);
  }

  /** `now` is not needed: the window's number is in the key, and an entry lives `windowMs` from its first hit. */
  hit(key: string, windowMs: number, _now?: number): Promise<number> {
    return incr(this.store, key, windowMs);
  }

  async close(): Promise<void> {
    this.redis.disconnect();
  }
}

/** Redis when a URL is given, in-memory otherwise. */
export function createRateLimitStore(redisUrl: string | undefined): RateLimitStore {
  return redisUrl ? new RedisRateLimitStore(redisUrl) : new MemoryRateLimitStore();
}

/**
 * What a limit counts: per site, per client IP within a site (default), per client within a
 * site (IP and the crumb cookie the browser got with its first page, when it sent a genuine
 * one), or a custom key.
 */
export type RateLimitKey = 'site' | 'site+ip' | 'site+client' | ((request: FastifyRequest) => string);

/** One limit rule, attached to a route. */
export interface RateLimitRule {
  /** Name of the limit (part of the key, so two rules never share counters). */
  name: string;
  /** Largest number of requests allowed per window. */
  max: number;
  /** Window length in milliseconds. */
  windowMs: number;
  key?: RateLimitKey;
  /** Message of the 429 response (default: spec 8's 'Please try again in a few seconds.'). */
  message?: string;
}

function keyFor(rule: RateLimitRule, request: FastifyRequest): string {
  const site = request.site?.id ?? '-';
  const key = rule.key ?? 'site+ip';
  if (key === 'site') return site;
  if (key === 'site+ip') return `${site}:${request.ip}`;
  if (key === 'site+client') return `${site}:${request.ip}:${request.crumbIsNew || !request.crumb ? '-' : request.crumb}`;
  return `${site}:${key(request)}`;
}

/** Clock used by the limiter (replaceable in tests). */
export type Clock = () => number;

function assertValidRule(rule: RateLimitRule): void {
  if (!Number.isInteger(rule.max) || rule.max < 1) throw new TypeError(`Rate limit ${rule.name}: max must be a positive integer`);
  if (!Number.isInteger(rule.windowMs) || rule.windowMs < 1) throw new TypeError(`Rate limit ${rule.name}: windowMs must be a positive integer`);
}

/**
 * Counts one request against `rule`; over the limit throws 429 with `Retry-After` (seconds
 * until the window ends) and the rule's `ratelimit-*` headers. With `reportHeaders` the
 * headers are also sent when the request is allowed. If the store fails, the request is let
 * through and a warning is logged.
 */
async function countRequest(
  store: RateLimitStore,
  rule: RateLimitRule,
  request: FastifyRequest,
  reply: FastifyReply,
  now: number,
  reportHeaders: boolean,
): Promise<void> {
  const window = Math.floor(now / rule.windowMs);
  const key = `${rule.name}:${keyFor(rule, request)}:${window}`;
  let count: number;
  try {
    count = await store.hit(key, rule.windowMs, now);
  } catch (error) {
    request.log.warn({ err: error, limit: rule.name }, 'rate limit store unavailable; request allowed');
    return;
  }
  const refused = count > rule.max;
  if (reportHeaders || refused) {
    reply.header('ratelimit-limit', String(rule.max));
    reply.header('ratelimit-remaining', String(Math.max(0, rule.max - count)));
  }
  if (refused) {
    const retryAfter = Math.max(1, Math.ceil(((window + 1) * rule.windowMs - now) / 1000));
    throw new AppError('RATE_LIMITED', rule.message ?? RATE_LIMITED_MESSAGE, {
      headers: { 'retry-after': String(retryAfter) },
    });
  }
}

/**
 * Makes an `onRequest`/`preHandler` hook enforcing a fixed-window limit. Over the limit it
 * answers 429 with `Retry-After` (seconds until the window ends). If the store fails, the
 * request is let through and a warning is logged.
 */
export function rateLimitHook(store: RateLimitStore, rule: RateLimitRule, clock: Clock = Date.now) {
  assertValidRule(rule);
  return async function rateLimit(request: FastifyRequest, reply: FastifyReply): Promise<void> {
    await countRequest(store, rule, request, reply, clock(), true);
  };
}

/** How many clients may share one address before the address itself is limited. */
export const CLIENTS_PER_ADDRESS = 5;

/** Limits of a public call that one client must not be able to spend for every visitor. */
export interface ClientRateLimitRule {
  /** Name of the limit (part of the keys). */
  name: string;
  /** Requests per client (address and crumb cookie) per window, whatever their outcome. */
  perClient: number;
  /** Accepted requests per site per window. */
  perSite: number;
  /** Window length in milliseconds. */
  windowMs: number;
  /** Message of the 429 response (default: spec 8's 'Please try again in a few seconds.'). */
  message?: string;
}

/** The two checks of a {@link ClientRateLimitRule}. */
export interface ClientRateLimit {
  /**
   * `onRequest` hook counting every request per client and, at {@link CLIENTS_PER_ADDRESS}
   * times that, per address (so changing cookies does not buy a fresh budget); 429 over either.
   */
  onRequest: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
  /**
   * Counts one accepted request against the site's ceiling; 429 over it. Call it once the
   * request passed every check (crumb, validation, captcha), right before acting on it, so
   * refused requests never spend the site's budget.
   */
  acceptForSite: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
}

/**
 * Makes the limits of a public call: per client and per address before anything else runs,
 * and a per-site ceiling that only accepted requests reach. One client spending its own
 * budget, with valid requests or not, leaves every other visitor of the site served.
 */
export function clientRateLimit(store: RateLimitStore, rule: ClientRateLimitRule, clock: Clock = Date.now): ClientRateLimit {
  const { name, windowMs, message } = rule;
  const perClient: RateLimitRule = { name, max: rule.perClient, windowMs, message, key: 'site+client' };
  const perAddress: RateLimitRule = { name: `${name}:address`, max: rule.perClient * CLIENTS_PER_ADDRESS, windowMs, message, key: 'site+ip' };
  const perSite: RateLimitRule = { name: `${name}:site`, max: rule.perSite, windowMs, message, key: 'site' };
  for (const limit of [perClient, perAddress, perSite]) assertValidRule(limit);
  return {
    onRequest: async (request, reply) => {
      const now = clock();
      await countRequest(store, perClient, request, reply, now, true);
      await countRequest(store, perAddress, request, reply, now, false);
    },
    acceptForSite: (request, reply) => countRequest(store, perSite, request, reply, clock(), false),
  };
}
