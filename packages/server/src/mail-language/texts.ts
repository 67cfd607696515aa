import type { BillingPeriod } from '@emporium/commerce';

/** A text by plural category: `one` (1 in English and French, 0 too in French), `other` for the rest. */
export interface PluralText {
  readonly one: string;
  readonly other: string;
}

/**
 * The fixed texts of the mails visitors get, in one language (decision 0052). `{name}` marks
 * a value filled in when the mail is written; in HTML mails the text is escaped and the values
 * are escaped or given as markup by the mail.
 */
export interface MailTexts {
  // Order confirmation (checkout) and renewals.
  readonly orderSubject: string;
  readonly orderThanks: string;
  readonly orderTotal: string;
  readonly orderSubscription: string;
  readonly orderManage: string;
  readonly orderGiftCard: string;
  readonly orderDownloads: string;
  readonly downloadTerms: string;
  /** One option of an ordered or awaited variant: `Colour: Sage`. */
  readonly optionPair: string;
  // Order shipped.
  readonly shippedSubject: string;
  readonly shippedBody: string;
  readonly shippedTracking: string;
  readonly shippedCarrier: string;
  // Back in stock.
  readonly restockSubject: string;
  readonly restockBody: string;
  readonly restockUnnamed: string;
  /** The product with the options of the variant signed up for: `Linen Camp Shirt (Colour: Sage, Size: L)`. */
  readonly restockVariant: string;
  // Site-user accounts.
  readonly verifySubject: string;
  readonly verifyBody: string;
  readonly verifyIgnore: string;
  readonly signInSubject: string;
  readonly signInBody: string;
  readonly signInCode: string;
  readonly signInIgnore: string;
  readonly resetSubject: string;
  readonly resetBody: string;
  readonly resetIgnore: string;
  readonly existsSubject: string;
  readonly existsBody: string;
  // Subscriptions.
  readonly renewedBody: string;
  readonly renewedBodyOf: string;
  readonly declinedSubject: string;
  readonly declinedBody: string;
  readonly declinedRetry: string;
  readonly cancelledSubject: string;
  readonly cancelledDunning: string;
  readonly cancelledRequest: string;
  readonly cancelledNoCharge: string;
  readonly manageSubscription: string;
  // Donations.
  readonly donationSubject: string;
  readonly donationThanks: string;
  readonly donationThanksNamed: string;
  readonly donationAmount: string;
  readonly donationDate: string;
  readonly donationReceipt: string;
  readonly donationTest: string;
  readonly donationMonthly: string;
  readonly donationManage: string;
  readonly donationManageLink: string;
  readonly perMonth: string;
  // A subscription plan: "$10.00 every month for 1 year".
  readonly planPrice: string;
  readonly planPriceFor: string;
  readonly planUnavailable: string;
  /** A free trial on a receipt: `{n}` days, then `{plan}` (the plan's price text) from `{date}`. */
  readonly planTrial: PluralText;
  readonly planEvery: Readonly<Record<BillingPeriod['unit'], PluralText>>;
  readonly planUnits: Readonly<Record<BillingPeriod['unit'], PluralText>>;
}

/** A key of a plain text of {@link MailTexts}. */
export type MailTextKey = { [K in keyof MailTexts]: MailTexts[K] extends string ? K : never }[keyof MailTexts];
