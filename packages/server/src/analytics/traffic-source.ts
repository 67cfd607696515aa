/** Where a page view came from: the referring site and the UTM campaign of the page's query. */
export interface TrafficSource {
  /** Host of an external referrer (without `www.`), or '' for direct visits and moves within the site. */
  referrer: string;
  utmSource: string;
  utmMedium: string;
  utmCampaign: string;
}

const MAX_DIMENSION = 100;

function clip(value: string | null | undefined): string {
  return (value ?? '').trim().slice(0, MAX_DIMENSION);
}

function referrerHost(referrerUrl: string | undefined, ownHost: string): string {
  if (!referrerUrl) return '';
  try {
    const url = new URL(referrerUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return '';
    const host = url.hostname.toLowerCase().replace(/^www\./, '');
    return host ===
      ownHost
        .toLowerCase()
        .replace(/:\d+$/, '')
        .replace(/^www\./, '')
      ? ''
      : clip(host);
  } catch {
    return '';
  }
}

/** Reads the query string of a page (with or without `?`) as a map of its parameters. */
function queryOf(query: string | Record<string, unknown> | undefined): URLSearchParams {
  if (query === undefined) return new URLSearchParams();
  if (typeof query === 'string') return new URLSearchParams(query.startsWith('?') ? query.slice(1) : query);
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (typeof value === 'string') params.set(key, value);
  return params;
}

/** The traffic source of a page view on `ownHost`: external referrer host and `utm_*` parameters. */
export function trafficSourceOf(referrerUrl: string | undefined, query: string | Record<string, unknown> | undefined, ownHost: string): TrafficSource {
  const params = queryOf(query);
  return {
    referrer: referrerHost(referrerUrl, ownHost),
    utmSource: clip(params.get('utm_source')),
    utmMedium: clip(params.get('utm_medium')),
    utmCampaign: clip(params.get('utm_campaign')),
  };
}
