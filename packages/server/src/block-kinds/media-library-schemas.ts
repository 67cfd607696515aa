import { z } from 'zod';

/** An image of the site the picker of image and gallery blocks offers. */
export const LibraryImage = z.object({
  assetUrl: z.string(),
  originalSize: z.string().optional().describe('WIDTHxHEIGHT'),
  altText: z.string(),
  source: z.string().describe('Where the image is used'),
});
export type LibraryImage = z.infer<typeof LibraryImage>;

/** The answer of GET /api/owner/block-media. */
export const BlockMediaList = z.object({ images: z.array(LibraryImage) });
export type BlockMediaList = z.infer<typeof BlockMediaList>;

/** The answer of POST /api/owner/block-media: the stored image with its srcset. */
export const UploadedBlockImage = LibraryImage.extend({ srcset: z.string() });
export type UploadedBlockImage = z.infer<typeof UploadedBlockImage>;

/** The image picker's calls. */
export const BLOCK_MEDIA_PATH = '/api/owner/block-media';

/** The video block's look-up: the oEmbed answer of the video's host, as the block stores it. */
export const VIDEO_DETAILS_PATH = '/api/owner/block-video';
export const VideoDetails = z.object({
  title: z.string().optional(),
  providerName: z.string(),
  thumbnailUrl: z.string().optional(),
  html: z.string().optional().describe("The provider's player HTML, cleaned (an https iframe only)"),
});
export type VideoDetails = z.infer<typeof VideoDetails>;
