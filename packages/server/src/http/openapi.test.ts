import { eq } from 'drizzle-orm';
import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { arbitraryFor, type JsonSchema } from '../../test-support/schema-arbitrary.js';
import { availableDialects } from '../../test-support/test-db.js';
import { forms, items, variants, websites } from '../db/schema.js';
import { documentPath, FUZZ_HOST as HOST, registeredRoutes, startFuzzApp, type FuzzApp } from '../../test-support/fuzz-app.js';
import { nestedArrays } from './route-fuzz-requests.js';
import { API_DOCS_PATH, OPENAPI_PATH } from './schemas.js';

const OWNER_TOKEN = 'owner-token-for-the-openapi-tests';
/** Seed of the generated requests; set FUZZ_SEED to replay a failing run. */
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);
const BODY_METHODS = new Set(['POST', 'PUT', 'PATCH']);

interface Operation {
  method: string;
  path: string;
  parameters?: { in: string; name: string; required?: boolean; schema?: JsonSchema }[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
  responses?: Record<string, { content?: Record<string, { schema?: JsonSchema }> }>;
}

function operationsOf(document: { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> }): Operation[] {
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.entries(methods).map(([method, operation]) => ({ ...operation, method: method.toUpperCase(), path })),
  );
}

/** A declared success answer: a 2xx with a schema for its content, or a 204 or 3xx (which have no content). */
function hasSuccessSchema(operation: Operation): boolean {
  return Object.entries(operation.responses ?? {}).some(
    ([status, response]) => /^(204|3\d\d)$/.test(status) || (/^2/.test(status) && Object.values(response.content ?? {}).some((c) => c.schema !== undefined)),
  );
}

function bodySchemaOf(operation: Operation): { type: string; schema: JsonSchema } | undefined {
  const content = operation.requestBody?.content ?? {};
  const type = Object.keys(content)[0];
  return type && content[type]?.schema ? { type, schema: content[type]!.schema! } : undefined;
}

describe.each(availableDialects())('the OpenAPI document and every operation in it (%s)', (dialect) => {
  let fuzz: FuzzApp;
  let app: FastifyInstance;
  let crumb: string;
  let document: { paths: Record<string, Record<string, Omit<Operation, 'method' | 'path'>>> };
  const ids: Record<string, string> = {};

  beforeAll(async () => {
    fuzz = await startFuzzApp(dialect, OWNER_TOKEN);
    ({ app, crumb } = fuzz);
    const testDb = fuzz.testDb;
    const [site] = await testDb.db.select({ id: websites.id }).from(websites).where(eq(websites.identifier, 'demo'));
    const [variant] = await testDb.db.select().from(variants).where(eq(variants.websiteId, site!.id)).limit(1);
    const [form] = await testDb.db.select({ id: forms.id }).from(forms).where(eq(forms.websiteId, site!.id)).limit(1);
    const [post] = await testDb.db.select({ id: items.id }).from(items).where(eq(items.websiteId, site!.id)).limit(1);
    Object.assign(ids, { itemId: variant!.productId, productId: variant!.productId, formId: form!.id, postId: post!.id });
    const response = await app.inject({ url: OPENAPI_PATH, headers: { host: HOST } });
    expect(response.statusCode).toBe(200);
    document = response.json();
  });
  afterAll(async () => {
    await fuzz?.close();
  });

  it('documents every route with its path parameters, request body and success response', () => {
    const operations = new Map(operationsOf(document).map((op) => [`${op.method} ${op.path}`, op]));
    const missing: string[] = [];
    for (const route of registeredRoutes(app)) {
      if (route.url === OPENAPI_PATH || route.url.startsWith(API_DOCS_PATH)) continue;
      const key = `${route.method} ${documentPath(route.url)}`;
      const operation = operations.get(key);
      if (!operation) {
        missing.push(`${key}: not in the document`);
        continue;
      }
      const params = [...route.url.matchAll(/:(\w+)/g)].map((m) => m[1]!);
      for (const name of params) {
        if (!operation.parameters?.some((p) => p.in === 'path' && p.name === name)) missing.push(`${key}: path parameter ${name} has no schema`);
      }
      if (BODY_METHODS.has(route.method) && !bodySchemaOf(operation)) missing.push(`${key}: no request body schema`);
      if (!hasSuccessSchema(operation)) missing.push(`${key}: no success response schema`);
    }
    expect(missing).toEqual([]);
  });

  it("answers requests built from each operation's schemas, and hostile variants of them, without a 5xx or an error log", async () => {
    const failures: string[] = [];
    const send = async (operation: Operation, label: string, request: InjectOptions) => {
      const response = await app.inject(request);
      if (response.statusCode >= 500)
        failures.push(`${operation.method} ${operation.path} (${label}): HTTP ${response.statusCode} ${response.body.slice(0, 200)}`);
    };
    let round = 0;
    for (const operation of operationsOf(document)) {
      round += 1;
      const sample = <T>(arbitrary: fc.Arbitrary<T>, n: number) => fc.sample(arbitrary, { seed: SEED + round, numRuns: n });
      const pathParams = (operation.parameters ?? []).filter((p) => p.in === 'path');
      const queryParams = (operation.parameters ?? []).filter((p) => p.in === 'query');
      const urlWith = (values: Record<string, unknown>, query: Record<string, unknown>) => {
        const path = operation.path.replace(/\{(\w+|\*)\}/g, (_, name: string) =>
          name === '*' && values[name] === undefined ? 'shop' : encodeURIComponent(String(values[name] ?? ids[name] ?? 'x')),
        );
        const search = new URLSearchParams(
          Object.entries(query)
            .filter(([, v]) => v !== undefined)
            .map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
        );
        return search.size > 0 ? `${path}?${search}` : path;
      };
      const realParams = Object.fromEntries(pathParams.map((p) => [p.name, ids[p.name]]));
      const generatedParams = sample(fc.record(Object.fromEntries(pathParams.map((p) => [p.name, arbitraryFor(p.schema)]))), 2);
      const queries = sample(
        fc.record(Object.fromEntries(queryParams.map((p) => [p.name, arbitraryFor(p.schema)])), {
          requiredKeys: queryParams.filter((p) => p.required).map((p) => p.name),
        }),
        2,
      );
      const body = bodySchemaOf(operation);
      const bodies: unknown[] = body ? sample(arbitraryFor(body.schema), 3) : [undefined];
      const headers = { host: HOST, cookie: `crumb=${crumb}`, 'x-csrf-token': crumb, authorization: `Bearer ${OWNER_TOKEN}`, accept: 'application/json' };
      const encode = (value: unknown, type: string) =>
        type.includes('x-www-form-urlencoded') && value && typeof value === 'object'
          ? new URLSearchParams(Object.entries(value).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])).toString()
          : JSON.stringify(value);
      const contentType = body?.type ?? 'application/json';
      const request = (params: Record<string, unknown>, query: Record<string, unknown>, payload: unknown, type = contentType): InjectOptions => ({
        method: operation.method as InjectOptions['method'],
        url: urlWith(params, query),
        headers: payload === undefined ? headers : { ...headers, 'content-type': type },
        ...(payload === undefined ? {} : { payload: typeof payload === 'string' ? payload : encode(payload, type) }),
      });

      for (const [i, payload] of bodies.entries()) {
        await send(operation, `schema-built ${i}`, request(realParams, queries[i % queries.length] ?? {}, payload));
        await send(operation, `schema-built ${i}, generated path`, request(generatedParams[i % generatedParams.length] ?? {}, queries[0] ?? {}, payload));
      }
      for (const query of sample(fc.dictionary(fc.constantFrom(...queryParams.map((p) => p.name), 'q', 'page'), fc.string({ maxLength: 30 })), 2)) {
        await send(operation, 'random query', request(realParams, query, bodies[0]));
      }
      if (!BODY_METHODS.has(operation.method)) continue;
      const valid = bodies[0] && typeof bodies[0] === 'object' && !Array.isArray(bodies[0]) ? (bodies[0] as Record<string, unknown>) : {};
      const hostile: [string, unknown, string?][] = [
        ['random JSON', sample(fc.jsonValue({ maxDepth: 3 }), 1)[0]],
        ['__proto__ and constructor keys', `{"__proto__":{"polluted":1},"constructor":{"prototype":{"polluted":1}},"crumb":"${crumb}"}`, 'application/json'],
        ['a 1 MB string', { ...valid, [Object.keys(valid)[0] ?? 'field']: 'x'.repeat(1024 * 1024) }],
        ['deep nesting', { ...valid, [Object.keys(valid)[0] ?? 'field']: nestedArrays(3000) }],
        ['text/plain', JSON.stringify(valid), 'text/plain'],
        ['application/xml', '<a>1</a>', 'application/xml'],
        ['an empty body', '', 'application/json'],
      ];
      for (const [name, value] of Object.entries(valid)) {
        hostile.push([`${name} of the wrong type`, { ...valid, [name]: typeof value === 'string' ? { not: 'a string' } : 'not-the-type' }]);
        hostile.push([`${name} null`, { ...valid, [name]: null }]);
      }
      for (const [label, payload, type] of hostile) await send(operation, label, request(realParams, queries[0] ?? {}, payload, type));
    }
    expect(failures).toEqual([]);
    expect(fuzz.logs.errorsSince(0)).toEqual([]);
  }, 240_000);
});
