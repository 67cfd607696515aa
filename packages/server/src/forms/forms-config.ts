/** Settings of the forms, restock, captcha, outbox and owner modules, read from the environment here only. */
export interface FormsConfig {
  /** SMTP server for outgoing mail (SMTP_URL, e.g. smtp://user:pass@host:587); unset keeps mails in the outbox. */
  readonly smtpUrl: string | undefined;
  /** Sender address of outgoing mail (EMPORIUM_MAIL_FROM). */
  readonly mailFrom: string;
  /** Owner token valid on every site (EMPORIUM_OWNER_TOKEN); unset disables token sign-in. */
  readonly ownerToken: string | undefined;
  /** reCAPTCHA checkbox verify endpoint (EMPORIUM_RECAPTCHA_VERIFY_URL). */
  readonly recaptchaVerifyUrl: string;
  /** reCAPTCHA Enterprise assessment endpoint (EMPORIUM_RECAPTCHA_ENTERPRISE_URL); `{project}` is replaced. */
  readonly recaptchaEnterpriseUrl: string;
  /** Form submissions accepted per site per window (EMPORIUM_FORM_RATE_MAX). */
  readonly submissionsPerWindow: number;
  /** Restock sign-ups accepted per site per window (EMPORIUM_RESTOCK_RATE_MAX). */
  readonly signUpsPerWindow: number;
  /** Rate-limit window in ms (EMPORIUM_FORM_RATE_WINDOW_MS). */
  readonly rateWindowMs: number;
  /** Lifetime of form submission keys in ms. */
  readonly submissionKeyTtlMs: number;
  /** Outbox polling interval in ms (EMPORIUM_OUTBOX_POLL_MS). */
  readonly outboxPollMs: number;
}

/** Defaults, in one place. */
export const FORMS_CONFIG_DEFAULTS: Readonly<FormsConfig> = Object.freeze({
  smtpUrl: undefined,
  mailFrom: 'Emporium <no-reply@emporium.localhost>',
  ownerToken: undefined,
  recaptchaVerifyUrl: 'https://www.google.com/recaptcha/api/siteverify',
  recaptchaEnterpriseUrl: 'https://recaptchaenterprise.googleapis.com/v1/projects/{project}/assessments',
  submissionsPerWindow: 120,
  signUpsPerWindow: 120,
  rateWindowMs: 60_000,
  submissionKeyTtlMs: 60 * 60_000,
  outboxPollMs: 2_000,
});

function text(value: string | undefined): string | undefined {
  return value === undefined || value.trim() === '' ? undefined : value.trim();
}

function positiveInteger(name: string, value: string | undefined, fallback: number): number {
  const raw = text(value);
  if (raw === undefined) return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < 1) throw new Error(`${name} must be a positive integer, got '${raw}'`);
  return Number(raw);
}

/** Reads {@link FormsConfig} from environment variables; overrides win. Throws on invalid values. */
export function loadFormsConfig(
  env: Record<string, string | undefined> = process.env,
  overrides: Partial<FormsConfig> = {},
): FormsConfig {
  const ownerToken = text(env.EMPORIUM_OWNER_TOKEN);
  if (ownerToken !== undefined && ownerToken.length < 16) throw new Error('EMPORIUM_OWNER_TOKEN must be at least 16 characters');
  return Object.freeze({
    smtpUrl: text(env.SMTP_URL),
    mailFrom: text(env.EMPORIUM_MAIL_FROM) ?? FORMS_CONFIG_DEFAULTS.mailFrom,
    ownerToken,
    recaptchaVerifyUrl: text(env.EMPORIUM_RECAPTCHA_VERIFY_URL) ?? FORMS_CONFIG_DEFAULTS.recaptchaVerifyUrl,
    recaptchaEnterpriseUrl: text(env.EMPORIUM_RECAPTCHA_ENTERPRISE_URL) ?? FORMS_CONFIG_DEFAULTS.recaptchaEnterpriseUrl,
    submissionsPerWindow: positiveInteger('EMPORIUM_FORM_RATE_MAX', env.EMPORIUM_FORM_RATE_MAX, FORMS_CONFIG_DEFAULTS.submissionsPerWindow),
    signUpsPerWindow: positiveInteger('EMPORIUM_RESTOCK_RATE_MAX', env.EMPORIUM_RESTOCK_RATE_MAX, FORMS_CONFIG_DEFAULTS.signUpsPerWindow),
    rateWindowMs: positiveInteger('EMPORIUM_FORM_RATE_WINDOW_MS', env.EMPORIUM_FORM_RATE_WINDOW_MS, FORMS_CONFIG_DEFAULTS.rateWindowMs),
    submissionKeyTtlMs: FORMS_CONFIG_DEFAULTS.submissionKeyTtlMs,
    outboxPollMs: positiveInteger('EMPORIUM_OUTBOX_POLL_MS', env.EMPORIUM_OUTBOX_POLL_MS, FORMS_CONFIG_DEFAULTS.outboxPollMs),
    ...overrides,
  });
}
