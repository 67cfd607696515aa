import { z } from 'zod';

/** A form as pages show it (spec 3, Forms). */
export const formContextSchema = z.strictObject({
  id: z.string(),
  name: z.string(),
  fields: z
    .array(
      z.looseObject({
        id: z.string(),
        type: z.string().describe('Spec 3 field kind: name, email, phone, select, likert...'),
        inputType: z.string().describe('The HTML input type the field renders with'),
        autocomplete: z.string().optional().describe('The HTML autocomplete hint, where the kind has one'),
        likertRows: z.array(z.unknown()).optional().describe('Likert fields: each question with its five answers'),
      }),
    )
    .describe('The fields in order, with the owner’s settings of each (title, required, options...)'),
  submitLabel: z.string(),
  parsedSubmissionMessage: z.string().describe('Cleaned HTML shown after a submission'),
  submissionHTML: z.string().describe('Cleaned HTML shown after a submission, below the message'),
  parsedDisclaimerMessage: z.string().describe('Cleaned HTML shown under the form'),
  successRedirect: z.string().describe('Where a successful submission goes; empty to stay on the page'),
  captchaEnabled: z.boolean(),
  captchaTheme: z.string(),
  captchaAlignment: z.string(),
  title: z.string().optional().describe('Form blocks: the block’s title'),
  description: z.string().optional().describe('Form blocks: the block’s description'),
});
export type FormContext = z.infer<typeof formContextSchema>;
