import { escapeHtml } from '@emporium/template';
import type { Website } from '../sites/index.js';
import type { customerSubscriptionJson } from './subscription-json.js';

type CustomerView = ReturnType<typeof customerSubscriptionJson>;

function day(iso: string | null, locale: string): string | null {
  return iso ? new Intl.DateTimeFormat(locale.replace('_', '-'), { dateStyle: 'long', timeZone: 'UTC' }).format(new Date(iso)) : null;
}

function actionForm(apiPath: string, action: 'pause' | 'resume' | 'cancel', label: string, crumb: string): string {
  return `<form method="post" action="${escapeHtml(`${apiPath}/${action}`)}"><input type="hidden" name="crumb" value="${escapeHtml(crumb)}"><button type="submit" class="button${action === 'cancel' ? ' button--secondary' : ''}">${escapeHtml(label)}</button></form>`;
}

/**
 * The customer's manage page of a subscription, laid out like the order status page (page type
 * 211): its state, price, next payment, card and lines, and a form per action it allows (plain
 * form posts carrying the crumb, answered with a redirect back here). Every value is escaped.
 */
export function renderManagePage(site: Website, view: CustomerView, apiPath: string, crumb: string): string {
  const locale = site.settings.locale;
  const next = day(view.nextBillingAt, locale);
  const retry = day(view.nextRetryAt, locale);
  const card = [view.paymentMethod.brand, view.paymentMethod.last4 ? `ending ${view.paymentMethod.last4}` : null].filter(Boolean).join(' ');
  const facts = [
    ['Status', `<span data-state="${escapeHtml(view.state)}">${escapeHtml(view.stateText)}</span>`],
    ['Price', escapeHtml(view.priceText)],
    ['Payments made', escapeHtml(String(view.cyclesBilled))],
    ...(next ? [['Next payment', escapeHtml(next)]] : []),
    ...(retry ? [['Next try', escapeHtml(retry)]] : []),
    ...(card ? [['Card', escapeHtml(card)]] : []),
  ];
  const lines = view.lines
    .map(
      (l) =>
        `<li>${escapeHtml(String(l.quantity))} × ${escapeHtml(l.productName)}${l.sku ? ` (${escapeHtml(l.sku)})` : ''}: ${escapeHtml(l.unitPriceText)}</li>`,
    )
    .join('');
  const forms = [
    view.canPause ? actionForm(apiPath, 'pause', 'Pause subscription', crumb) : '',
    view.canResume ? actionForm(apiPath, 'resume', 'Resume subscription', crumb) : '',
    view.canCancel ? actionForm(apiPath, 'cancel', 'Cancel subscription', crumb) : '',
  ].join('');
  const lang = escapeHtml(locale.split(/[-_]/)[0] || 'en');
  return `<!doctype html>
<html lang="${lang}">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><link rel="icon" href="data:,"><title>Your subscription · ${escapeHtml(site.title)}</title></head>
<body>
<main class="container container--narrow order-status subscription-manage">
<h1 class="page__title">Your subscription at ${escapeHtml(site.title)}</h1>
<dl class="order-status__facts">${facts.map(([term, value]) => `<div><dt>${term}</dt><dd>${value}</dd></div>`).join('')}</dl>
<h2>What each payment buys</h2>
<ul>${lines}</ul>
${forms ? `<div class="subscription-manage__actions">${forms}</div>` : ''}
<p><a class="button button--secondary" href="/">Back to the shop</a></p>
</main>
</body>
</html>`;
}
