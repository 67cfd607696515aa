import { escapeHtml } from '@emporium/template';
import type { Website } from './website.js';

function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><link rel="icon" href="data:,"><title>${escapeHtml(title)}</title><style>body{font-family:system-ui,sans-serif;max-width:44rem;margin:3rem auto;padding:0 1rem;color:#222;line-height:1.5}a{color:#0b57d0}li{margin:.4rem 0}small{color:#555}</style></head><body><main>${body}</main></body></html>`;
}

/** Builds the URL of a site under the base domain, keeping the port the visitor used. */
export function siteUrl(identifier: string, baseDomain: string, port: string | undefined): string {
  return `http://${identifier}.${baseDomain}${port ? `:${port}` : ''}/`;
}

/** The page at http://localhost:PORT/ listing every site with a link to it. */
export function renderSiteListing(sites: Website[], baseDomain: string, port: string | undefined): string {
  const items = sites
    .map((site) => {
      const url = siteUrl(site.identifier, baseDomain, port);
      const domains = site.domains.length ? ` <small>(${site.domains.map(escapeHtml).join(', ')})</small>` : '';
      return `<li><a href="${escapeHtml(url)}">${escapeHtml(site.title)}</a> <small>${escapeHtml(url)}</small>${domains}</li>`;
    })
    .join('');
  const body = sites.length
    ? `<ul>${items}</ul>`
    : '<p>There are no sites yet. Create one with <code>emporium site create &lt;identifier&gt; --title "My shop"</code>.</p>';
  return page('Emporium sites', `<h1>Emporium sites</h1>${body}`);
}

/** The 404 page for a Host header that names no site. */
export function renderUnknownSite(host: string): string {
  return page('Site not found', `<h1>Site not found</h1><p>No site is published at <strong>${escapeHtml(host)}</strong>.</p>`);
}
