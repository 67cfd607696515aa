import { escapeHtml } from '@emporium/template';
import type { NewMail } from '../outbox/index.js';
import type { OwnerRole } from '../owner-sessions/index.js';

/** What owner mails need to know about the site. */
export interface OwnerMailContext {
  websiteId: string;
  siteTitle: string;
  /** Absolute URL of the site's dashboard on the admin origin (`…/sites/{identifier}`), without a trailing slash. */
  dashboardUrl: string;
}

const oneLine = (text: string) => text.replace(/[\r\n]+/g, ' ');

/**
 * The password reset mail. The token travels in the link's fragment, so it never reaches
 * server logs or a Referer header; the dashboard reads it from there.
 */
export function resetMail(context: OwnerMailContext, to: string, token: string): NewMail {
  const url = `${context.dashboardUrl}/reset-password#token=${encodeURIComponent(token)}`;
  const subject = oneLine(`Reset your password for ${context.siteTitle}`);
  const text = `Someone asked to reset the password of your owner account at ${context.siteTitle}.\n\nOpen this link within 15 minutes to choose a new password:\n${url}\n\nIf it was not you, ignore this mail; your password stays as it is.\n`;
  const html =
    `<p>Someone asked to reset the password of your owner account at ${escapeHtml(context.siteTitle)}.</p>` +
    `<p>Open this link within 15 minutes to choose a new password:<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>` +
    `<p>If it was not you, ignore this mail; your password stays as it is.</p>`;
  return { websiteId: context.websiteId, kind: 'owner-password-reset', to, subject, text, html };
}

/** The invitation mail of a new owner, with the role an admin chose. */
export function invitationMail(context: OwnerMailContext, to: string, role: OwnerRole, invitedBy: string | null, token: string): NewMail {
  const url = `${context.dashboardUrl}/accept-invitation#token=${encodeURIComponent(token)}`;
  const who = invitedBy ?? 'An admin';
  const subject = oneLine(`You are invited to run ${context.siteTitle}`);
  const text = `${who} invited you to ${context.siteTitle} as ${role}.\n\nOpen this link within 7 days to choose your password:\n${url}\n`;
  const html =
    `<p>${escapeHtml(who)} invited you to ${escapeHtml(context.siteTitle)} as <strong>${escapeHtml(role)}</strong>.</p>` +
    `<p>Open this link within 7 days to choose your password:<br><a href="${escapeHtml(url)}">${escapeHtml(url)}</a></p>`;
  return { websiteId: context.websiteId, kind: 'owner-invitation', to, subject, text, html };
}
