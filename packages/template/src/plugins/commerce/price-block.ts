import type { PluginContext } from '../../plugin-api.js';
import { escapeAttribute } from '../core/escape.js';
import { textOr } from './values.js';

/**
 * What a price block shows, by priority: a "from" line when prices vary, else a sale
 * price beside the original price, else the normal price. Texts are finished markup.
 */
export interface PriceLines {
  readonly from?: string;
  readonly sale?: string;
  readonly normal?: string;
}

/** Blank lines the established price markup starts with (kept byte-compatible). */
const LEADING = '\n\n\n';

function hiddenLabel(ctx: PluginContext, key: string, fallback: string): string {
  const text = textOr(ctx.resolve(['localizedStrings', key]), '');
  return `<span class="visually-hidden v6-visually-hidden">${text === '' ? fallback : escapeAttribute(text)}</span>`;
}

function body(lines: PriceLines, ctx: PluginContext): string {
  if (lines.from) return `${lines.from}\n`;
  if (lines.sale) {
    return (
      hiddenLabel(ctx, 'salePriceText', 'Sale Price:') +
      `${lines.sale} ` +
      hiddenLabel(ctx, 'originalPriceText', 'Original Price:') +
      `<span class="original-price">${lines.normal ?? ''}</span>\n`
    );
  }
  return lines.normal ?? '';
}

/**
 * Renders `<div class="{cssClass}">` around the price lines, with the visually hidden
 * "Sale Price:" / "Original Price:" labels (localizable as `salePriceText` and
 * `originalPriceText`).
 */
export function renderPriceBlock(cssClass: string, lines: PriceLines, ctx: PluginContext): string {
  return `${LEADING}<div class="${cssClass}">\n${body(lines, ctx)}\n</div>`;
}
