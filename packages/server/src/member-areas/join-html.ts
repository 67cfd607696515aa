import { formatMoney, money } from '@emporium/commerce';
import { readClientManifest, renderIsland, STOREFRONT_DIST_DIR, storefrontAssetParts, type JoinPaymentProps } from '@emporium/storefront';
import { escapeHtml } from '@emporium/template';
import type { Website } from '../sites/index.js';
import type { MemberAreaRow } from './area-repository.js';
import { MemberAreaMessages } from './messages.js';

const e = escapeHtml;

/** A notice above the join form: an error (announced at once) or information. */
export interface JoinNotice {
  kind: 'error' | 'info';
  text: string;
}

/** The price of an area as a visitor reads it: "Free", "$5.00" or "$5.00 every 1 month". */
export function priceText(site: Website, area: Pick<MemberAreaRow, 'priceCents' | 'billing' | 'periodValue' | 'periodUnit'>): string {
  if (area.priceCents === 0) return 'Free';
  const amount = formatMoney(money(area.priceCents, site.settings.currency), site.settings.locale);
  if (area.billing !== 'recurring' || !area.periodValue || !area.periodUnit) return amount;
  const unit = area.periodUnit.toLowerCase();
  return `${amount} every ${area.periodValue} ${unit}${area.periodValue === 1 ? '' : 's'}`;
}

/** The storefront bundle's stylesheet and script tags, read once from its build; empty when it is not built (the island then stays server-rendered). */
let bundleTags: { head: string; body: string } | undefined;
function storefrontTags(): { head: string; body: string } {
  if (!bundleTags) {
    try {
      const parts = storefrontAssetParts(readClientManifest(STOREFRONT_DIST_DIR));
      bundleTags = { head: parts.styles, body: parts.scripts };
    } catch {
      bundleTags = { head: '', body: '' };
    }
  }
  return bundleTags;
}

function documentOf(site: Website, title: string, body: string, notice?: JoinNotice, withIsland = false): string {
  const tags = withIsland ? storefrontTags() : { head: '', body: '' };
  const lang = e(site.settings.locale.split(/[-_]/)[0] || 'en');
  const noticeHtml = notice
    ? `<p class="join-notice join-notice--${notice.kind}" role="${notice.kind === 'error' ? 'alert' : 'status'}" id="join-notice">${e(notice.text)}</p>`
    : '';
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><meta name="referrer" content="no-referrer"><link rel="icon" href="data:,"><title>${e(title)} · ${e(site.title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:40rem;margin:3rem auto;padding:0 1rem;color:#1a1a1a;line-height:1.5}a{color:#0b57d0}.button{display:inline-block;padding:.6rem 1.2rem;background:#1a1a1a;color:#fff;border:0;border-radius:4px;font:inherit;cursor:pointer;text-decoration:none}label{display:block;font-weight:600;margin-top:1rem}input{font:inherit;padding:.5rem;width:100%;max-width:20rem;border:1px solid #555;border-radius:4px}small{display:block;color:#444}.join-notice--error{color:#a00000}</style>${tags.head}</head>
<body>
<main>
<h1>${e(title)}</h1>
${noticeHtml}
${body}
<p><a href="/">Back to ${e(site.title)}</a></p>
</main>
${tags.body}
</body>
</html>`;
}

/** What the join page shows for the visitor. */
export type JoinState = 'accounts-off' | 'signed-out' | 'member' | 'not-for-sale' | 'can-join';

/** True when joining starts a free trial: a recurring area with trial days charges nothing at joining. */
export function hasTrial(area: Pick<MemberAreaRow, 'billing' | 'trialDays' | 'priceCents'>): boolean {
  return area.billing === 'recurring' && area.trialDays > 0 && area.priceCents > 0;
}

/**
 * The join page of an area: who may join, the price (and the free trial), and the join form:
 * the test card for a paid area, or, when `payment` is given (the site has Stripe), the
 * `JoinPayment` island with Stripe's Payment Element in its place.
 */
export function joinPage(
  site: Website,
  area: MemberAreaRow,
  state: JoinState,
  crumb: string,
  action: string,
  notice?: JoinNotice,
  payment?: JoinPaymentProps,
): string {
  const trial = hasTrial(area) ? `<p class="join-trial">${e(MemberAreaMessages.trialNote(area.trialDays, priceText(site, area)))}</p>` : '';
  const about = `${area.description ? `<p>${e(area.description)}</p>` : ''}<p>Price: <strong>${e(priceText(site, area))}</strong></p>${trial}`;
  const submitText = area.priceCents > 0 ? (hasTrial(area) ? `Start the free trial and join` : `Pay ${priceText(site, area)} and join`) : 'Join for free';
  let body: string;
  switch (state) {
    case 'accounts-off':
      body = `<p role="status">${e(MemberAreaMessages.ACCOUNTS_OFF)}</p>`;
      break;
    case 'signed-out':
      body = `${about}<p role="status">${e(MemberAreaMessages.SIGN_IN_TO_JOIN)}</p><p><a class="button" href="/account/login">Sign in</a> <a href="/account/register">Create an account</a></p>`;
      break;
    case 'member':
      body = `<p role="status">${e(MemberAreaMessages.ALREADY_MEMBER)}</p>`;
      break;
    case 'not-for-sale':
      body = `${about}<p role="status">${e(MemberAreaMessages.NOT_FOR_SALE)}</p>`;
      break;
    case 'can-join': {
      if (payment && area.priceCents > 0) {
        body = `${about}${renderIsland('JoinPayment', { ...payment, submitText })}`;
        break;
      }
      const card =
        area.priceCents > 0
          ? `<label for="join-card">Card number</label><input id="join-card" name="cardNumber" inputmode="numeric" autocomplete="cc-number" required aria-describedby="join-card-hint${notice?.kind === 'error' ? ' join-notice' : ''}"><small id="join-card-hint">This store takes test payments: use 4242 4242 4242 4242.</small>`
          : '';
      body = `${about}<form method="post" action="${e(action)}"><input type="hidden" name="crumb" value="${e(crumb)}">${card}<p><button class="button" type="submit">${e(submitText)}</button></p></form>`;
      break;
    }
  }
  return documentOf(site, `Join ${area.name}`, body, notice, state === 'can-join' && payment !== undefined && area.priceCents > 0);
}
