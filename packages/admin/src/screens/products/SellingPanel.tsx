import { useFormContext } from 'react-hook-form';
import { BUTTON_TEXT_MAX } from '@emporium/server/catalogue/schemas';
import { Field } from '../../ui/Field.js';
import type { DetailsInput, DetailsOutput } from './product-model.js';

interface SellingPanelProps {
  readonly headingId: string;
  /** Low-stock and restock messages apply to products with stock (physical and service). */
  readonly stocked: boolean;
}

/** Restock form texts the owner may change, with the storefront's own wording as placeholder. */
const RESTOCK_TEXTS = [
  ['CTAText', 'Invitation', 'Get an email when this is back in stock'],
  ['buttonText', 'Button', 'Sign up'],
  ['placeholderText', 'Email field placeholder', 'Email address'],
  ['mailingListDescription', 'Newsletter choice', 'Also send me the newsletter'],
  ['successText', 'Thank-you message', 'Signed up!'],
] as const;

/** The add-to-cart button text, the reviews switch and the stock messages of the product page (spec 3 merchandising). */
export function SellingPanel({ headingId, stocked }: SellingPanelProps) {
  const { register, watch, formState } = useFormContext<DetailsInput, unknown, DetailsOutput>();
  const errors = formState.errors;
  const customButton = watch('useCustomAddButtonText');
  const scarcity = watch('merchandising.scarcityEnabled');
  const restock = watch('merchandising.restockNotificationsEnabled');
  const mailingList = watch('merchandising.mailingListSignUpEnabled');
  return (
    <section className="panel stack" aria-labelledby={headingId}>
      <h2 id={headingId}>Button, reviews and stock messages</h2>
      <Field label="Use my own add-to-cart button text" type="checkbox" {...register('useCustomAddButtonText')} />
      {customButton && (
        <Field
          label="Button text"
          hint={`Shown on the product page’s add-to-cart button, at most ${BUTTON_TEXT_MAX} characters.`}
          maxLength={BUTTON_TEXT_MAX}
          autoComplete="off"
          {...register('customAddButtonText')}
          error={errors.customAddButtonText?.message}
        />
      )}
      <Field
        label="Sold-out text"
        hint="Shown instead of “Sold out” when no variant is left; empty for “Sold out”."
        maxLength={BUTTON_TEXT_MAX}
        autoComplete="off"
        {...register('merchandising.customSoldOutText')}
        error={errors.merchandising?.customSoldOutText?.message}
      />
      <fieldset>
        <legend>Reviews</legend>
        <Field
          label="Let shoppers review this product"
          type="checkbox"
          hint="The product page shows its approved reviews and average rating, and a form for new ones; new reviews wait under Reviews for your approval."
          {...register('merchandising.nativeReviewsDisplayEnabled')}
        />
      </fieldset>
      {stocked && (
        <>
          <fieldset>
            <legend>Low stock</legend>
            <Field label="Show a message when few are left" type="checkbox" {...register('merchandising.scarcityEnabled')} />
            {scarcity && (
              <>
                <Field
                  label="Show it at this many or fewer"
                  className="short-input"
                  inputMode="numeric"
                  {...register('merchandising.scarcityThreshold', { valueAsNumber: true })}
                  error={errors.merchandising?.scarcityThreshold?.message}
                />
                <Field
                  label="Message"
                  hint="{qtyInStock} becomes the number left; empty for “Only {qtyInStock} left in stock”."
                  maxLength={200}
                  placeholder="Only {qtyInStock} left in stock"
                  {...register('merchandising.scarcityText')}
                  error={errors.merchandising?.scarcityText?.message}
                />
              </>
            )}
          </fieldset>
          <fieldset>
            <legend>Back in stock</legend>
            <Field label="Offer an email when a sold-out variant is back" type="checkbox" {...register('merchandising.restockNotificationsEnabled')} />
            {restock && (
              <>
                <Field label="Also offer the newsletter" type="checkbox" {...register('merchandising.mailingListSignUpEnabled')} />
                {mailingList && <Field label="Tick the newsletter choice at first" type="checkbox" {...register('merchandising.mailingListOptInByDefault')} />}
                <p className="hint">Empty texts show the wording given as an example.</p>
                {RESTOCK_TEXTS.map(([key, label, placeholder]) => (
                  <Field
                    key={key}
                    label={label}
                    maxLength={200}
                    placeholder={placeholder}
                    {...register(`merchandising.restockNotificationMessages.${key}`)}
                    error={errors.merchandising?.restockNotificationMessages?.[key]?.message}
                  />
                ))}
              </>
            )}
          </fieldset>
        </>
      )}
    </section>
  );
}
