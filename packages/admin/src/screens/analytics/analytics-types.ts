/** A web vital's 75th percentile: ms, CLS unitless; null without samples. */
export interface VitalP75 {
  readonly p75: number | null;
}

/** The owner's analytics report (GET /api/owner/analytics). Money in minor units of `currency`. */
export interface AnalyticsReport {
  readonly visitors: number;
  readonly sessions: number;
  readonly pageViews: number;
  readonly bounceRate: number;
  /** Average seconds from a session's first to its last page view. */
  readonly timeOnSite: number;
  readonly funnel: { readonly productViews: number; readonly addToCarts: number; readonly checkouts: number; readonly orders: number };
  readonly revenue: number;
  readonly currency: string;
  readonly orders: number;
  readonly topPages: readonly { readonly path: string; readonly pageType: string; readonly views: number }[];
  readonly topProducts: readonly { readonly itemId: string; readonly title: string; readonly views: number }[];
  readonly referrers: readonly { readonly source: string; readonly visits: number; readonly pageViews: number }[];
  readonly campaigns: readonly {
    readonly source: string;
    readonly medium: string;
    readonly campaign: string;
    readonly visits: number;
    readonly pageViews: number;
  }[];
  readonly devices: readonly { readonly device: string; readonly visits: number; readonly pageViews: number }[];
  readonly browsers: readonly { readonly browser: string; readonly visits: number; readonly pageViews: number }[];
  readonly webVitals: Readonly<Record<string, Readonly<Partial<Record<VitalName, VitalP75>>>>>;
  readonly errors: readonly ErrorGroup[];
  readonly days: readonly DayFigures[];
}

/** Script errors grouped by fingerprint. */
export interface ErrorGroup {
  readonly message: string;
  readonly errorType: string;
  readonly count: number;
  readonly firstSeen: string;
  readonly lastSeen: string;
  readonly stack: string;
  readonly pages: readonly string[];
  readonly browsers: readonly string[];
}

/** The figures of one day (UTC). */
export interface DayFigures {
  readonly day: string;
  readonly visitors: number;
  readonly sessions: number;
  readonly pageViews: number;
  readonly orders: number;
  readonly revenue: number;
}

export type VitalName = 'lcp' | 'fcp' | 'cls' | 'inp' | 'ttfb' | 'fid';
