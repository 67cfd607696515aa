import { type CountryOption, countryRegions } from '@emporium/commerce';
import type { PostalAddress } from '../../api/checkout-api.js';
import { CheckoutSelectField } from './SelectField.js';
import { CheckoutTextField } from './TextField.js';
import { useText } from '../../lib/system-texts.js';

/** Props of {@link AddressFields}. */
interface AddressFieldsProps {
  readonly idPrefix: string;
  readonly address: PostalAddress;
  /** The countries to choose from, named in the shopper's language. */
  readonly countries: ReadonlyArray<CountryOption>;
  readonly errors: Readonly<Record<string, string>>;
  readonly disabled: boolean;
  readonly onChange: (field: keyof PostalAddress, value: string) => void;
  /** The country or region was chosen: shipping rates may change. */
  readonly onLocationChange: (address: PostalAddress) => void;
  /** The region or postal code typed was left: shipping rates may change. */
  readonly onLocationBlur: () => void;
}

interface FieldSpec {
  readonly key: keyof PostalAddress;
  readonly label: string;
  readonly autoComplete: string;
  readonly required: boolean;
  readonly location?: boolean;
}

const BEFORE_REGION: ReadonlyArray<FieldSpec> = [
  { key: 'firstName', label: 'First name', autoComplete: 'shipping given-name', required: true },
  { key: 'lastName', label: 'Last name', autoComplete: 'shipping family-name', required: true },
  { key: 'address1', label: 'Address', autoComplete: 'shipping address-line1', required: true },
  { key: 'address2', label: 'Apartment, suite, etc.', autoComplete: 'shipping address-line2', required: false },
  { key: 'city', label: 'City', autoComplete: 'shipping address-level2', required: true },
];
const POSTAL_CODE: FieldSpec = { key: 'postalCode', label: 'Postal code', autoComplete: 'shipping postal-code', required: true, location: true };
const PHONE: FieldSpec = { key: 'phone', label: 'Phone', autoComplete: 'shipping tel', required: false };

/**
 * The shipping address fields with browser autofill hints: the country from a list, then the
 * region from its country's list (US states, Canadian provinces…) or typed where there is none.
 */
export function AddressFields({ idPrefix, address, countries, errors, disabled, onChange, onLocationChange, onLocationBlur }: AddressFieldsProps) {
  const t = useText();
  const regions = countryRegions(address.country);
  const textField = (f: FieldSpec) => (
    <CheckoutTextField
      key={f.key}
      id={`${idPrefix}-address-${f.key}`}
      name={f.key}
      label={t(f.label)}
      value={address[f.key]}
      required={f.required}
      autoComplete={f.autoComplete}
      maxLength={200}
      type={f.key === 'phone' ? 'tel' : 'text'}
      error={errors[`address.${f.key}`]}
      onValue={(v) => onChange(f.key, v)}
      onBlur={f.location ? onLocationBlur : undefined}
    />
  );
  const chooseCountry = (country: string) => {
    const next = { ...address, country, region: countryRegions(country) ? '' : address.region };
    onChange('country', country);
    if (next.region !== address.region) onChange('region', next.region);
    onLocationChange(next);
  };
  const chooseRegion = (region: string) => {
    onChange('region', region);
    onLocationChange({ ...address, region });
  };
  return (
    <fieldset className="checkout-address" disabled={disabled}>
      <legend className="checkout-section__title">{t('Shipping address')}</legend>
      {BEFORE_REGION.map(textField)}
      <CheckoutSelectField
        id={`${idPrefix}-address-country`}
        name="country"
        label={t('Country')}
        autoComplete="shipping country"
        required
        value={address.country}
        error={errors['address.country']}
        onValue={chooseCountry}
      >
        <option value="" disabled>
          {t('Choose a country')}
        </option>
        {countries.map((c) => (
          <option key={c.code} value={c.code}>
            {c.name}
          </option>
        ))}
      </CheckoutSelectField>
      {regions ? (
        <CheckoutSelectField
          id={`${idPrefix}-address-region`}
          name="region"
          label={t(regions.label)}
          autoComplete="shipping address-level1"
          required
          value={address.region}
          error={errors['address.region']}
          onValue={chooseRegion}
        >
          <option value="">{t(`Choose a ${regions.label.toLowerCase()}`)}</option>
          {regions.regions.map((r) => (
            <option key={r.code} value={r.code}>
              {r.name}
            </option>
          ))}
        </CheckoutSelectField>
      ) : (
        textField({ key: 'region', label: 'State / region', autoComplete: 'shipping address-level1', required: false, location: true })
      )}
      {textField(POSTAL_CODE)}
      {textField(PHONE)}
    </fieldset>
  );
}
