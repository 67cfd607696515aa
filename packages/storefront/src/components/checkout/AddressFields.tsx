import type { PostalAddress } from '../../api/checkout-api.js';
import { CheckoutTextField } from './TextField.js';

/** Props of {@link AddressFields}. */
interface AddressFieldsProps {
  readonly idPrefix: string;
  readonly address: PostalAddress;
  readonly errors: Readonly<Record<string, string>>;
  readonly disabled: boolean;
  readonly onChange: (field: keyof PostalAddress, value: string) => void;
  /** Country, region or postal code was left: shipping rates may change. */
  readonly onLocationBlur: () => void;
}

const FIELDS: ReadonlyArray<{ key: keyof PostalAddress; label: string; autoComplete: string; required: boolean; location?: boolean }> = [
  { key: 'firstName', label: 'First name', autoComplete: 'shipping given-name', required: true },
  { key: 'lastName', label: 'Last name', autoComplete: 'shipping family-name', required: true },
  { key: 'address1', label: 'Address', autoComplete: 'shipping address-line1', required: true },
  { key: 'address2', label: 'Apartment, suite, etc.', autoComplete: 'shipping address-line2', required: false },
  { key: 'city', label: 'City', autoComplete: 'shipping address-level2', required: true },
  { key: 'region', label: 'State / region', autoComplete: 'shipping address-level1', required: false, location: true },
  { key: 'postalCode', label: 'Postal code', autoComplete: 'shipping postal-code', required: true, location: true },
  { key: 'country', label: 'Country code (e.g. US)', autoComplete: 'shipping country', required: true, location: true },
  { key: 'phone', label: 'Phone', autoComplete: 'shipping tel', required: false },
];

/** The shipping address fields with browser autofill hints. */
export function AddressFields({ idPrefix, address, errors, disabled, onChange, onLocationBlur }: AddressFieldsProps) {
  return (
    <fieldset className="checkout-address" disabled={disabled}>
      <legend className="checkout-section__title">Shipping address</legend>
      {FIELDS.map((f) => (
        <CheckoutTextField
          key={f.key}
          id={`${idPrefix}-address-${f.key}`}
          name={f.key}
          label={f.label}
          value={address[f.key]}
          required={f.required}
          autoComplete={f.autoComplete}
          maxLength={f.key === 'country' ? 2 : 200}
          type={f.key === 'phone' ? 'tel' : 'text'}
          error={errors[`address.${f.key}`]}
          onValue={(v) => onChange(f.key, v)}
          onBlur={f.location ? onLocationBlur : undefined}
        />
      ))}
    </fieldset>
  );
}
