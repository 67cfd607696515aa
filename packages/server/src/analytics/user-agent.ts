/** Device class of a visit, from the user agent (spec 2 device previews: desktop, phone, tablet). */
export type Device = 'desktop' | 'phone' | 'tablet';

/** Browser families the reports show; anything else is 'Other'. */
export type BrowserFamily = 'Chrome' | 'Edge' | 'Firefox' | 'Safari' | 'Opera' | 'Samsung Internet' | 'Other';

/** The device class a user agent describes; desktop when it names no phone or tablet. */
export function deviceOf(userAgent: string | undefined): Device {
  const ua = userAgent ?? '';
  if (/iPad|Tablet|PlayBook|Silk|Android(?!.*Mobile)/i.test(ua)) return 'tablet';
  if (/Mobi|iPhone|iPod|Android|Windows Phone/i.test(ua)) return 'phone';
  return 'desktop';
}

/** The browser family a user agent names (order matters: Edge and Opera also say Chrome, Chrome also says Safari). */
export function browserOf(userAgent: string | undefined): BrowserFamily {
  const ua = userAgent ?? '';
  if (/Edg(e|A|iOS)?\//.test(ua)) return 'Edge';
  if (/OPR\/|Opera/.test(ua)) return 'Opera';
  if (/SamsungBrowser\//.test(ua)) return 'Samsung Internet';
  if (/Firefox\/|FxiOS\//.test(ua)) return 'Firefox';
  if (/Chrome\/|CriOS\/|Chromium\//.test(ua)) return 'Chrome';
  if (/Safari\//.test(ua) && /Version\//.test(ua)) return 'Safari';
  return 'Other';
}
