import { buildSubmissionPayload } from '@emporium/forms';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Website } from '../sites/website.js';
import { everyKindForm, everyKindValues, TEST_PAGE } from './forms-fixtures.js';
import { createForm, type FormRow } from './form-repository.js';
import { createFormsTestApp, type FormsTestApp } from './testing.js';

describe('per-site submission rate limit (spec 8: 429)', () => {
  let t: FormsTestApp;
  let busy: Website;
  let quiet: Website;
  let forms: Map<string, FormRow>;

  beforeAll(async () => {
    t = await createFormsTestApp({ EMPORIUM_FORM_RATE_MAX: '3', EMPORIUM_FORM_RATE_WINDOW_MS: '600000' });
    busy = await t.createSite({ identifier: 'busy', title: 'Busy' });
    quiet = await t.createSite({ identifier: 'quiet', title: 'Quiet' });
    forms = new Map([
      [busy.id, await createForm(t.testDb.db, busy.id, everyKindForm('busy'))],
      [quiet.id, await createForm(t.testDb.db, quiet.id, everyKindForm('quiet'))],
    ]);
  });
  afterAll(() => {
    delete process.env.EMPORIUM_FORM_RATE_MAX;
    delete process.env.EMPORIUM_FORM_RATE_WINDOW_MS;
    return t.close();
  });

  async function submit(site: Website, prefix: string) {
    const form = forms.get(site.id)!;
    const key = await t.submissionKey(site);
    const payload = buildSubmissionPayload({ fields: form.fields as never, values: everyKindValues(prefix), key, page: TEST_PAGE });
    return t.call(site, 'POST', '/api/form/SaveFormSubmission', payload);
  }

  it('answers 429 with the spec message and Retry-After once a site is over its limit; another site is unaffected', async () => {
    for (let i = 0; i < 3; i += 1) expect((await submit(busy, 'busy')).statusCode).toBe(200);
    const limited = await submit(busy, 'busy');
    expect(limited.statusCode).toBe(429);
    expect(limited.json().message).toBe('Unable to submit form. Submission rate limit exceeded. Please try again later.');
    const retryAfter = Number(limited.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(600);
    expect((await submit(quiet, 'quiet')).statusCode).toBe(200);
  });
});
