import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import type { Website } from '../sites/index.js';
import { siteBaseUrl } from './routes.js';

const site = (domains: string[]) => ({ identifier: 'demo', domains }) as unknown as Website;

describe('links in restock mail come from the configured public URL (issue 10, defect 5)', () => {
  it('uses the public scheme and port on the base domain', () => {
    const config = loadConfig({ EMPORIUM_PUBLIC_URL: 'https://shops.example:8443' });
    expect(siteBaseUrl(site([]), config)).toBe('https://demo.shops.example:8443');
  });

  it('leaves out the default port and prefers the primary custom domain', () => {
    expect(siteBaseUrl(site([]), loadConfig({ EMPORIUM_PUBLIC_URL: 'https://shops.example' }))).toBe('https://demo.shops.example');
    expect(siteBaseUrl(site(['fernandfield.example']), loadConfig({}))).toBe('https://fernandfield.example');
  });
});
