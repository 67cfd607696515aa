import { z } from 'zod';
import { HttpsUrl, LinkUrl, MediaUrl, text } from './fields.js';
import { ImageMessages } from './messages.js';

/** Spec 9: the widths of an image's srcset. */
export const IMAGE_WIDTHS = [100, 300, 500, 750, 1000, 1500, 2500] as const;
/** Spec 9: default alt text is capped at 250 characters. */
export const MAX_ALT = 250;

/** A width or height: a positive integer, with the image component's messages (spec 5). */
const positiveInteger = (field: string) =>
  z
    .number({ error: (issue) => (issue.input === undefined ? ImageMessages.required(field) : ImageMessages.nonInteger(field)) })
    .refine((n) => n > 0, { error: ImageMessages.negative(field), abort: true })
    .refine((n) => Number.isInteger(n), { error: ImageMessages.nonInteger(field) });

/** Image (block type 5): the image component's fields (spec 5). */
export const ImageBlock = z
  .strictObject({
    typeName: z.literal('image'),
    assetUrl: z.string({ error: ImageMessages.SRC_REQUIRED }).trim().min(1, { error: ImageMessages.SRC_REQUIRED }).pipe(MediaUrl),
    width: positiveInteger('width'),
    height: positiveInteger('height'),
    altText: z.string({ error: ImageMessages.required('alt') }).max(MAX_ALT, { error: `alt is at most ${MAX_ALT} characters` }),
    caption: text(500).optional(),
    linkUrl: LinkUrl.optional(),
    focalPoint: z.strictObject({ x: z.number().min(0).max(1), y: z.number().min(0).max(1) }).optional(),
    priority: z.enum(['high', 'low'], { error: ImageMessages.PRIORITY }).nullable().default(null),
    loader: z.enum(['sqs', 'raw'], { error: ImageMessages.LOADER }).default('sqs'),
    srcset: text(4000).optional(),
    sizes: text(400).optional(),
  })
  .superRefine((image, ctx) => {
    if (image.srcset && image.loader !== 'raw') ctx.addIssue({ code: 'custom', path: ['srcset'], message: ImageMessages.SRCSET_ONLY_RAW });
    if (image.loader === 'sqs' && !image.sizes) ctx.addIssue({ code: 'custom', path: ['sizes'], message: ImageMessages.SIZES_WITH_SQS });
  });

/** Video (block type 32): shown as a placeholder that links to the video; nothing loads from its host until the visitor goes there. */
export const VideoBlock = z.strictObject({
  typeName: z.literal('video'),
  url: HttpsUrl,
  title: text(200).optional(),
  thumbnailUrl: MediaUrl.optional(),
  providerName: text(80).optional(),
  html: z.string().max(20_000).optional().describe("The provider's oEmbed HTML, stored cleaned; not shown by default"),
});

/** Embed (block type 22): a link to outside content with its stored (cleaned) oEmbed HTML; a placeholder by default. */
export const EmbedBlock = z.strictObject({
  typeName: z.literal('embed'),
  url: HttpsUrl,
  title: text(200).optional(),
  providerName: text(80).optional(),
  html: z.string().max(20_000).optional().describe("The provider's oEmbed HTML, stored cleaned; not shown by default"),
});

/** Audio (block type 41): a track the visitor plays; nothing downloads before they press play. */
export const AudioBlock = z.strictObject({
  typeName: z.literal('audio'),
  url: MediaUrl,
  title: text(200).min(1, { error: 'A track needs a title.' }),
  artist: text(200).optional(),
});
