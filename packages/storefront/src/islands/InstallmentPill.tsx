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
import { useCallback, useId, useState } from 'react';
import { Modal } from '../components/Modal.js';

/** Props of {@link InstallmentPill}. */
export interface InstallmentPillProps {
  readonly productType: number;
  /** Product price in minor units. */
  readonly priceCents: number;
  readonly currency: string;
  /** Shopper locale, e.g. en_US; decides Afterpay or Clearpay. */
  readonly locale: string;
  readonly context: InstalmentContext;
}

const PROVIDER_NAMES = { afterpay: 'Afterpay', clearpay: 'Clearpay' } as const;

/** Pay-later line under the price, with an info button opening an explanatory dialog. */
export function InstallmentPill({ productType, priceCents, currency, locale, context }: InstallmentPillProps) {
  const [open, setOpen] = useState(false);
  const labelId = useId();
  const close = useCallback(() => setOpen(false), []);
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
