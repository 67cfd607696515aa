import type { InstalmentContext } from '@emporium/commerce';
import {
  INSTALMENT_COUNT,
  instalmentProvider,
  instalmentRangeText,
  instalmentText,
  isInstalmentEligible,
  money,
  showsInstalmentPill,
} from '@emporium/commerce';
import { useCallback, useEffect, useId, useState } from 'react';
import { Modal } from '../components/Modal.js';
import { VARIANT_CHANGE_EVENT, type VariantChangeDetail } from '../lib/variant-event.js';

/** Props of {@link InstallmentPill}. */
export interface InstallmentPillProps {
  readonly productType: number;
  /** Price in minor units shown before a variant is chosen (the first variant's). */
  readonly priceCents: number;
  /** The product item; the pill follows the variant chosen in that item's product form. */
  readonly itemId?: string;
  /** Price in minor units (sale price when on sale) of each variant, by variant id. */
  readonly variantPrices?: Readonly<Record<string, number>>;
  readonly currency: string;
  /** Shopper locale, e.g. en_US; decides Afterpay or Clearpay. */
  readonly locale: string;
  readonly context: InstalmentContext;
}

const PROVIDER_NAMES = { afterpay: 'Afterpay', clearpay: 'Clearpay' } as const;

/** Pay-later line under the price, with an info button opening an explanatory dialog. */
export function InstallmentPill({ productType, priceCents: initialPriceCents, itemId, variantPrices, currency, locale, context }: InstallmentPillProps) {
  const [open, setOpen] = useState(false);
  const [chosenPrice, setChosenPrice] = useState<number | null>(null);
  const labelId = useId();
  const close = useCallback(() => setOpen(false), []);
  useEffect(() => {
    if (!itemId || !variantPrices) return;
    const onChange = (event: Event) => {
      const detail = (event as CustomEvent<VariantChangeDetail>).detail;
      if (detail.itemId !== itemId) return;
      const price = detail.variantId ? variantPrices[detail.variantId] : undefined;
      setChosenPrice(price ?? null);
    };
    window.addEventListener(VARIANT_CHANGE_EVENT, onChange);
    return () => window.removeEventListener(VARIANT_CHANGE_EVENT, onChange);
  }, [itemId, variantPrices]);
  const priceCents = chosenPrice ?? initialPriceCents;
  const provider = instalmentProvider(locale);
  if (!provider || !showsInstalmentPill(productType, context)) return null;
  const name = PROVIDER_NAMES[provider];
  const bcp47 = locale.replace('_', '-');
  const inRange = isInstalmentEligible(priceCents, context);
  const text = inRange
    ? `or ${instalmentText(money(priceCents, currency), bcp47)} with ${name}`
    : `${name} ${instalmentRangeText(priceCents, context, currency, bcp47)}`;
  return (
    <div className="installment-pill" data-provider={provider} data-in-range={inRange ? 'true' : 'false'}>
      <span className="installment-pill__text">{text}</span>{' '}
      <button type="button" className="installment-pill__info" aria-haspopup="dialog" onClick={() => setOpen(true)}>
        Learn more about {name}
      </button>
      {open && (
        <Modal labelId={labelId} onClose={close}>
          <h2 id={labelId}>
            Pay in {INSTALMENT_COUNT} interest-free payments with {name}
          </h2>
          <p>Pay {INSTALMENT_COUNT} equal payments, due every two weeks. The first payment is taken at checkout.</p>
          <p>{instalmentRangeText(priceCents, context, currency, bcp47) ?? `${name} is available for this item.`}</p>
        </Modal>
      )}
    </div>
  );
}
