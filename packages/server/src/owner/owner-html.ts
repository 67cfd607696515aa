import { escapeHtml } from '@emporium/template';

/** Text escaped for HTML content and attributes. */
export const h = (value: unknown): string => escapeHtml(value === null || value === undefined ? '' : String(value));

/** A hidden input carrying the crumb for /config form posts. */
export function crumbInput(crumb: string): string {
  return `<input type="hidden" name="crumb" value="${h(crumb)}">`;
}

const OWNER_CSS = [
  ':root{--ink:#1f2a24;--muted:#5b6660;--line:#dcd6c8;--paper:#faf8f3;--accent:#24513d}',
  'body{font-family:system-ui,-apple-system,"Segoe UI",sans-serif;margin:0;color:var(--ink);background:var(--paper);line-height:1.5}',
  '.bar{display:flex;flex-wrap:wrap;align-items:center;gap:1rem 2rem;padding:.75rem max(1rem,calc((100% - 72rem)/2));background:var(--accent);color:#fff}',
  '.brand{margin:0;font-weight:700}.brand span{font-weight:400;opacity:.8;margin-left:.35rem}',
  'nav{display:flex;flex-wrap:wrap;align-items:center;gap:.25rem 1.25rem}nav a{color:#fff;text-decoration:none;padding:.25rem 0;border-bottom:2px solid transparent}',
  'nav a:hover,nav a:focus-visible{border-bottom-color:#fff}.signout button{background:transparent;color:#fff;border:1px solid rgba(255,255,255,.6);border-radius:4px;padding:.2rem .7rem;cursor:pointer}',
  'main{max-width:72rem;margin:0 auto;padding:1.5rem 1rem 3rem}h1{font-size:1.75rem;margin:.5rem 0 1.25rem}h2{font-size:1.2rem;margin:2rem 0 .5rem}',
  'a{color:var(--accent)}table{border-collapse:collapse;width:100%;margin:1rem 0;background:#fff}',
  'th,td{border:1px solid var(--line);padding:.45rem .6rem;text-align:left;vertical-align:top}th{background:#f1eee6;font-weight:600}',
  '.inline{display:inline}pre{white-space:pre-wrap;margin:0;font:inherit}.error{color:#b00020}.note{color:var(--muted);font-size:.95rem}label{display:block;margin:.5rem 0}',
  'input:not([type=hidden]),button{font:inherit}input:not([type=hidden]){padding:.45rem .6rem;border:1px solid #8a8f8b;border-radius:4px}',
  'main button{background:var(--accent);color:#fff;border:0;border-radius:4px;padding:.45rem 1rem;cursor:pointer}',
].join('');

/** The /config page frame: title, navigation (when signed in), main content. */
export function ownerPage(options: { title: string; siteTitle: string; body: string; crumb?: string; signedIn: boolean }): string {
  const nav = options.signedIn
    ? `<nav aria-label="Owner"><a href="/config/forms">Forms</a><a href="/config/restock">Restock</a><a href="/config/visits">Visits</a><a href="/config/password">Password</a>
<form method="post" action="/config/logout" class="inline signout">${crumbInput(options.crumb ?? '')}<button type="submit">Sign out</button></form></nav>`
    : '';
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<link rel="icon" href="data:,"><meta name="robots" content="noindex"><title>${h(options.title)} · ${h(options.siteTitle)}</title>
<style>${OWNER_CSS}</style></head>
<body><header class="bar"><p class="brand">${h(options.siteTitle)} <span>Owner</span></p>${nav}</header><main><h1>${h(options.title)}</h1>${options.body}</main></body></html>`;
}
