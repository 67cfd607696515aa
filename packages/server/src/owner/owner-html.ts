import { escapeHtml } from '../http/html.js';

/** Text escaped for HTML content and attributes. */
export const h = (value: unknown): string => escapeHtml(value === null || value === undefined ? '' : String(value));

/** A hidden input carrying the crumb for /config form posts. */
export function crumbInput(crumb: string): string {
  return `<input type="hidden" name="crumb" value="${h(crumb)}">`;
}

/** The /config page frame: title, navigation (when signed in), main content. */
export function ownerPage(options: { title: string; siteTitle: string; body: string; crumb?: string; signedIn: boolean }): string {
  const nav = options.signedIn
    ? `<nav aria-label="Owner"><a href="/config/forms">Forms</a> · <a href="/config/restock">Restock</a> · <a href="/config/visits">Visits</a> · <a href="/config/password">Password</a>
<form method="post" action="/config/logout" class="inline">${crumbInput(options.crumb ?? '')}<button type="submit">Sign out</button></form></nav>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><meta name="robots" content="noindex"><title>${h(options.title)} · ${h(options.siteTitle)}</title>
<style>body{font-family:system-ui,sans-serif;margin:2rem auto;max-width:72rem;padding:0 1rem;color:#222}table{border-collapse:collapse;width:100%;margin:1rem 0}
th,td{border:1px solid #ccc;padding:.35rem .5rem;text-align:left;vertical-align:top}th{background:#f3f3f3}nav{margin-bottom:1rem}
.inline{display:inline}pre{white-space:pre-wrap;margin:0}.error{color:#b00020}label{display:block;margin:.5rem 0}</style></head>
<body><header><p>${h(options.siteTitle)} · Owner</p>${nav}</header><main><h1>${h(options.title)}</h1>${options.body}</main></body></html>`;
}
