import { useEffect, useState } from 'react';
import type { PostalAddress } from '../../api/checkout-api.js';
import { browserHttpContext, requestJson } from '../../api/http.js';
import { isAuthenticated } from '../../lib/cookies.js';
import { useText } from '../../lib/system-texts.js';

/** Where a signed-in customer's saved addresses are read. */
export const SAVED_ADDRESSES_PATH = '/api/site-users/account/addresses';

interface SavedAddress {
  readonly id: string;
  readonly address: PostalAddress;
  readonly isDefault: boolean;
}

interface SavedAddressesProps {
  readonly idPrefix: string;
  readonly disabled?: boolean;
  /** Called with the chosen address (and once with the default when they load). */
  readonly onChoose: (address: PostalAddress) => void;
}

function summary(address: PostalAddress): string {
  return [`${address.firstName} ${address.lastName}`.trim(), address.address1, address.city, address.country].filter(Boolean).join(', ');
}

/**
 * For a signed-in customer (the SiteUserInfo cookie), a choice of their saved addresses that
 * fills the shipping form; the default fills it when they load. Nothing shows for visitors, or
 * when there are none or they cannot be read.
 */
export function SavedAddresses({ idPrefix, disabled = false, onChoose }: SavedAddressesProps) {
  const t = useText();
  const [addresses, setAddresses] = useState<readonly SavedAddress[]>([]);
  useEffect(() => {
    const context = browserHttpContext();
    if (!isAuthenticated(context.cookies())) return;
    const controller = new AbortController();
    requestJson<{ addresses: SavedAddress[] }>(context, SAVED_ADDRESSES_PATH, { signal: controller.signal })
      .then(({ addresses: list }) => {
        setAddresses(list);
        const preferred = list.find((a) => a.isDefault) ?? list[0];
        if (preferred) onChoose(preferred.address);
      })
      .catch(() => {});
    return () => controller.abort();
    // Read once per page: the addresses do not change while checkout is open.
  }, []);
  if (addresses.length === 0) return null;
  const id = `${idPrefix}-saved-address`;
  return (
    <div className="checkout-field">
      <label htmlFor={id}>{t('Saved addresses')}</label>
      <select
        id={id}
        disabled={disabled}
        defaultValue={(addresses.find((a) => a.isDefault) ?? addresses[0])?.id}
        onChange={(event) => {
          const chosen = addresses.find((a) => a.id === event.currentTarget.value);
          if (chosen) onChoose(chosen.address);
        }}
      >
        {addresses.map((saved) => (
          <option key={saved.id} value={saved.id}>
            {summary(saved.address)}
          </option>
        ))}
      </select>
    </div>
  );
}
