import { request as httpRequest } from 'node:http';

/** One HTTP answer, body read in full. */
export interface HttpAnswer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  body: string;
  /** The body parsed as JSON (throws when it is not JSON). */
  json<T = any>(): T;
}

/** Options of {@link BrowserClient}. */
export interface BrowserClientOptions {
  /** Site host name without port, e.g. `demo.localhost`. */
  siteHost: string;
  /**
   * Loopback source address to connect from (any 127.x.y.z works on Linux), so each client
   * is a distinct visitor IP for per-IP rate limits. Default 127.0.0.1.
   */
  localAddress?: string;
}

/**
 * A visitor talking to real server processes over TCP: keeps cookies like a browser, takes
 * its crumb from a page response and sends it back as `X-CSRF-Token` on API writes.
 */
export class BrowserClient {
  readonly cookies = new Map<string, string>();
  private readonly siteHost: string;
  private readonly localAddress: string;

  constructor(options: BrowserClientOptions) {
    this.siteHost = options.siteHost;
    this.localAddress = options.localAddress ?? '127.0.0.1';
  }

  /** The crumb cookie, once a page has issued it. */
  get crumb(): string | undefined {
    return this.cookies.get('crumb');
  }

  /** Sends one request to the server on `port` (connecting to 127.0.0.1). */
  send(port: number, method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, body?: unknown, extraHeaders: Record<string, string> = {}): Promise<HttpAnswer> {
    const payload = body === undefined ? undefined : Buffer.from(JSON.stringify(body));
    const headers: Record<string, string> = {
      host: `${this.siteHost}:${port}`,
      accept: method === 'GET' && !path.startsWith('/api/') ? 'text/html' : 'application/json',
      ...extraHeaders,
    };
    if (this.cookies.size > 0) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (method !== 'GET' && this.crumb) headers['x-csrf-token'] = this.crumb;
    if (payload) {
      headers['content-type'] = 'application/json';
      headers['content-length'] = String(payload.length);
    }
    return new Promise((resolve, reject) => {
      const req = httpRequest({ host: '127.0.0.1', port, method, path, headers, localAddress: this.localAddress, agent: false }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('error', reject);
        res.on('end', () => {
          this.keepCookies(res.headers['set-cookie']);
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: text,
            json: () => JSON.parse(text),
          });
        });
      });
      req.on('error', reject);
      req.end(payload);
    });
  }

  private keepCookies(header: string[] | undefined): void {
    for (const cookie of header ?? []) {
      const [pair, ...attributes] = cookie.split(';');
      const eq = pair!.indexOf('=');
      if (eq <= 0) continue;
      const name = pair!.slice(0, eq).trim();
      if (attributes.some((a) => /^\s*max-age=0\s*$/i.test(a))) this.cookies.delete(name);
      else this.cookies.set(name, pair!.slice(eq + 1).trim());
    }
  }
}
