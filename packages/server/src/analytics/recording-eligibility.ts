/** Answer of `GET /api/commerce/fullstory/getId` while session recording is off: spec 7 says a mock id means skip. */
export const MOCK_RECORDING_ID = 'mock';

/** What spec 5's session-recording rule looks at. */
export interface RecordingContext {
  /** The website's country (ISO 3166 code), from its settings. */
  country: string | undefined;
  /** The website's time zone (IANA), spec 9's America/New_York by default. */
  timeZone: string;
  /** The site's session-recording feature toggle. */
  featureEnabled: boolean;
  /** Whether this visit was sampled for recording. */
  sampled: boolean;
  /** The browser's `navigator.hardwareConcurrency`. */
  hardwareThreads: number | undefined;
}

/**
 * Spec 5: a visit may be recorded only with a US website country, an America/ time zone, the
 * feature toggle on, the sampling flag set and more than 2 hardware threads.
 */
export function isRecordingEligible(context: RecordingContext): boolean {
  return context.country === 'US' && context.timeZone.startsWith('America/') && context.featureEnabled && context.sampled && (context.hardwareThreads ?? 0) > 2;
}
