import { sql } from 'drizzle-orm';
import { boolean, check, foreignKey, index, jsonb, pgTable, text, timestamp, unique, uniqueIndex } from 'drizzle-orm/pg-core';
import { createdAt, idColumn, updatedAt, websiteIdColumn } from './columns.js';
import { websites } from './websites.js';

/** A form definition (spec 3 Forms); `fields` holds the field list as JSON. */
export const forms = pgTable(
  'forms',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    name: text('name').notNull().default('My Form Name'),
    fields: jsonb('fields').$type<unknown[]>().notNull().default([]),
    submitLabel: text('submit_label').notNull().default('Add to Cart'),
    submissionMessage: text('submission_message').notNull().default(''),
    submissionHtml: text('submission_html').notNull().default(''),
    successRedirect: text('success_redirect').notNull().default(''),
    disclaimerMessage: text('disclaimer_message').notNull().default(''),
    captchaEnabled: boolean('captcha_enabled').notNull().default(false),
    captchaTheme: text('captcha_theme').notNull().default('light'),
    captchaAlignment: text('captcha_alignment').notNull().default('left'),
    storage: jsonb('storage').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [unique('forms_website_id_key').on(t.websiteId, t.id)],
);

/** A stored form submission; written in one transaction with its outbox mail. */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: idColumn(),
    websiteId: websiteIdColumn(),
    formId: text('form_id').notNull(),
    submissionKey: text('submission_key').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    pageFields: jsonb('page_fields').$type<Record<string, unknown>>().notNull().default({}),
    /** The language of the page the form was sent from (decision 0052). */
    language: text('language'),
    createdAt: createdAt(),
  },
  (t) => [
    foreignKey({
      name: 'form_submissions_form_fk',
      columns: [t.websiteId, t.formId],
      foreignColumns: [forms.websiteId, forms.id],
    }).onDelete('cascade'),
    uniqueIndex('form_submissions_key_key').on(t.websiteId, t.submissionKey),
    index('form_submissions_form_idx').on(t.websiteId, t.formId, t.createdAt),
  ],
);

/** One-time keys handed out by /api/form/FormSubmissionKey. */
export const formSubmissionKeys = pgTable(
  'form_submission_keys',
  {
    key: text('key').primaryKey(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    expiresAt: timestamp('expires_at', { withTimezone: true, mode: 'date' }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [index('form_submission_keys_website_idx').on(t.websiteId, t.expiresAt)],
);

/** Back-in-stock sign-ups per product variant. */
export const restockSignups = pgTable(
  'restock_signups',
  {
    id: idColumn(),
    websiteId: websiteIdColumn().references(() => websites.id, { onDelete: 'cascade' }),
    productId: text('product_id').notNull(),
    variantId: text('variant_id').notNull(),
    email: text('email').notNull(),
    joinMailingList: boolean('join_mailing_list').notNull().default(false),
    language: text('language'),
    createdAt: createdAt(),
    notifiedAt: timestamp('notified_at', { withTimezone: true, mode: 'date' }),
  },
  (t) => [
    uniqueIndex('restock_signups_pending_key').on(t.websiteId, t.variantId, t.email).where(sql`notified_at is null`),
    index('restock_signups_product_idx').on(t.websiteId, t.productId, t.variantId),
    check('restock_signups_email_length', sql`char_length(${t.email}) between 3 and 256`),
  ],
);
