import { SUBSCRIBABLE_PRODUCT_TYPES } from '@emporium/commerce';
import { AppError } from '../errors/index.js';
import type { ProductFields, VariantInput } from './schemas.js';

/** The catalogue's messages, one place for the server and the admin. */
export const CATALOGUE_MESSAGES = Object.freeze({
  invalidProduct: 'The product has mistakes; see the marked fields.',
  duplicateOption: (name: string) => `Option "${name}" appears twice.`,
  duplicateValue: (name: string, value: string) => `Option "${name}" lists "${value}" twice.`,
  missingValue: (option: string) => `Choose a ${option} for this variant.`,
  unknownValue: (option: string, value: string) => `"${value}" is not a value of option "${option}".`,
  unknownOption: (name: string) => `"${name}" is not an option of this product.`,
  duplicateCombination: 'Another variant has the same option values.',
  duplicateSku: (sku: string) => `SKU "${sku}" is used by another variant.`,
  salePriceNotBelow: 'The sale price must be below the price.',
  singleVariant: 'A product without options has exactly one variant.',
  scheduleNeedsDate: 'A scheduled product needs a publish date in the future.',
  staleVersion: (read: number, current: number) =>
    `Someone else saved this product while you were editing it (you started from version ${read}; it is now at version ${current}). Nothing was saved: reload the product to see their changes, then make yours again.`,
  productNotFound: 'No such product on this site.',
  storeNotFound: 'No such store on this site.',
  noStore: 'This site has no store yet: create a store first.',
  notAVariant: (variantId: string) => `Variant ${variantId} is not a variant of this product.`,
  unknownVariant: (variantId: string) => `No variant ${variantId} on this site.`,
  notAPhoto: 'Choose one of this product’s photos (upload it first).',
  buttonTextMissing: 'Write the button text, or turn the custom button text off.',
  planMissing: 'A subscription needs a billing period: choose how often it bills.',
  notSubscribableType: 'Only physical products and services can be sold as subscriptions.',
  urlIdTaken: (urlId: string) => `Another product of this store already uses the URL slug "${urlId}".`,
});

/** Collects per-field complaints and throws them as one 400. */
class Complaints {
  readonly fields: Record<string, string> = {};
  add(path: string, message: string): void {
    this.fields[path] ??= message;
  }
  throwIfAny(): void {
    if (Object.keys(this.fields).length > 0) throw new AppError('VALIDATION_FAILED', CATALOGUE_MESSAGES.invalidProduct, { body: { fields: this.fields } });
  }
}

function checkVariantOptions(fields: ProductFields, variant: VariantInput, at: string, complaints: Complaints): string {
  for (const key of Object.keys(variant.optionValues)) {
    if (!fields.options.some((o) => o.name === key)) complaints.add(`${at}.optionValues.${key}`, CATALOGUE_MESSAGES.unknownOption(key));
  }
  const combination: string[] = [];
  for (const option of fields.options) {
    const value = variant.optionValues[option.name];
    if (value === undefined || value === '') complaints.add(`${at}.optionValues.${option.name}`, CATALOGUE_MESSAGES.missingValue(option.name));
    else if (!option.values.includes(value)) complaints.add(`${at}.optionValues.${option.name}`, CATALOGUE_MESSAGES.unknownValue(option.name, value));
    combination.push(value ?? '');
  }
  return JSON.stringify(combination);
}

function checkSellingFields(fields: ProductFields, complaints: Complaints): void {
  if (fields.useCustomAddButtonText && !fields.customAddButtonText) complaints.add('customAddButtonText', CATALOGUE_MESSAGES.buttonTextMissing);
  if (fields.isSubscribable) {
    if (!SUBSCRIBABLE_PRODUCT_TYPES.includes(fields.productType)) complaints.add('isSubscribable', CATALOGUE_MESSAGES.notSubscribableType);
    else if (!fields.subscriptionPlan) complaints.add('subscriptionPlan', CATALOGUE_MESSAGES.planMissing);
  }
}

/**
 * Checks what a schema cannot: option names and values are unique, every variant names one
 * declared value of every option and no other, no two variants share their values or SKU, a
 * sale price is below the price, a product without options has one variant, and a scheduled
 * product has a future date, custom button text is written when it is on, and a subscription
 * product is of a subscribable type with a plan. Throws 400 with a message per field path.
 */
export function assertValidProduct(fields: ProductFields, now: Date): void {
  const complaints = new Complaints();
  const names = new Set<string>();
  fields.options.forEach((option, i) => {
    if (names.has(option.name)) complaints.add(`options.${i}.name`, CATALOGUE_MESSAGES.duplicateOption(option.name));
    names.add(option.name);
    const values = new Set<string>();
    option.values.forEach((value, j) => {
      if (values.has(value)) complaints.add(`options.${i}.values.${j}`, CATALOGUE_MESSAGES.duplicateValue(option.name, value));
      values.add(value);
    });
  });
  if (fields.options.length === 0 && fields.variants.length > 1) complaints.add('variants', CATALOGUE_MESSAGES.singleVariant);
  const combinations = new Set<string>();
  const skus = new Set<string>();
  fields.variants.forEach((variant, i) => {
    const at = `variants.${i}`;
    const combination = checkVariantOptions(fields, variant, at, complaints);
    if (fields.options.length > 0 && combinations.has(combination)) complaints.add(at, CATALOGUE_MESSAGES.duplicateCombination);
    combinations.add(combination);
    const sku = variant.sku.toUpperCase();
    if (skus.has(sku)) complaints.add(`${at}.sku`, CATALOGUE_MESSAGES.duplicateSku(variant.sku));
    skus.add(sku);
    if (variant.onSale && variant.salePriceCents >= variant.priceCents) complaints.add(`${at}.salePriceCents`, CATALOGUE_MESSAGES.salePriceNotBelow);
  });
  checkSellingFields(fields, complaints);
  if (fields.visibility === 'scheduled' && !(fields.publishOn && Date.parse(fields.publishOn) > now.getTime())) {
    complaints.add('publishOn', CATALOGUE_MESSAGES.scheduleNeedsDate);
  }
  complaints.throwIfAny();
}

/** The item status and publish date that give a product its visibility. */
export function publicationOf(
  fields: Pick<ProductFields, 'visibility' | 'publishOn'>,
  current: Date | undefined,
  now: Date,
): { status: 'draft' | 'published'; publishOn: Date } {
  if (fields.visibility === 'scheduled') return { status: 'published', publishOn: new Date(fields.publishOn!) };
  const given = fields.publishOn ? new Date(fields.publishOn) : undefined;
  if (fields.visibility === 'published') {
    const at = given ?? current;
    return { status: 'published', publishOn: at && at.getTime() <= now.getTime() ? at : now };
  }
  return { status: 'draft', publishOn: given ?? current ?? now };
}

/** The visibility an item's status and publish date give it. */
export function visibilityOf(status: string, publishOn: Date, now: Date): 'draft' | 'scheduled' | 'published' {
  if (status !== 'published') return 'draft';
  return publishOn.getTime() > now.getTime() ? 'scheduled' : 'published';
}

/** Options of a product from its option order and its variants' values (values in variant order). */
export function optionsOf(ordering: readonly string[], variantValues: ReadonlyArray<Record<string, string>>): { name: string; values: string[] }[] {
  return ordering.map((name) => {
    const values: string[] = [];
    for (const attributes of variantValues) {
      const value = attributes[name];
      if (value !== undefined && !values.includes(value)) values.push(value);
    }
    return { name, values };
  });
}
