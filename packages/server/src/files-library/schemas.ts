import { z } from 'zod';

/** Longest name a library file may have. */
export const MAX_FILE_NAME = 200;
/** Most files one page of the library lists. */
export const MAX_LIBRARY_PAGE = 100;

/**
 * What the file library says (spec 8 "Setup and UI": the upload and rename texts, with their
 * dialog titles, and 'Unable to load results'; spec 5 'Please enter a file name').
 */
export const LibraryMessages = Object.freeze({
  NAME_REQUIRED: 'Please enter a file name',
  nameTooLong: `A file name is at most ${MAX_FILE_NAME} characters.`,
  NOT_FOUND: 'That file is not in this site’s library.',
  UPLOAD_TITLE: 'Unable to Upload File',
  UPLOAD_PROBLEM: 'There was a problem while uploading your file',
  RENAME_TITLE: 'Unable to Rename File',
  RENAME_PROBLEM: 'There was a problem while renaming your file',
  UPLOAD_INCOMPLETE: 'File upload failed to complete',
  PROCESSING_FAILED: 'File processing failed',
  PROCESSING_CANCELLED: 'File processing cancelled',
  PROCESSING_INCOMPLETE: 'File processing failed to complete',
  NO_RESPONSE_DATA: 'No response data from job request',
  RESULTS_FAILED: 'Unable to load results',
});

/** A file's name as an owner gives it: trimmed, never empty. */
export const FileName = z
  .string({ error: LibraryMessages.NAME_REQUIRED })
  .trim()
  .min(1, { error: LibraryMessages.NAME_REQUIRED })
  .max(MAX_FILE_NAME, { error: LibraryMessages.nameTooLong });

/** One file of the library as the dashboard shows it. */
export const LibraryFile = z.object({
  id: z.string(),
  name: z.string(),
  assetUrl: z.string().describe('The largest copy, in the uploaded format'),
  srcset: z.string().describe('WebP copies with their widths'),
  originalSize: z.string().describe('WIDTHxHEIGHT of the upload'),
  bytes: z.number().int().describe('Size of the uploaded file in bytes'),
  altText: z.string(),
  createdAt: z.string(),
});
export type LibraryFile = z.infer<typeof LibraryFile>;

/** Answer of GET /api/owner/files. */
export const LibraryPage = z.object({
  files: z.array(LibraryFile).describe('Newest first'),
  total: z.number().int().describe('Files matching the search'),
  hasMore: z.boolean(),
});
export type LibraryPage = z.infer<typeof LibraryPage>;

/** Query of GET /api/owner/files. */
export const LibraryQuery = z.object({
  q: z.string().trim().max(MAX_FILE_NAME).optional().describe('Words of the file name'),
  limit: z.coerce.number().int().min(1).max(MAX_LIBRARY_PAGE).default(60),
  offset: z.coerce.number().int().min(0).max(100_000).default(0),
});

/** Body of PATCH /api/owner/files/{fileId}. */
export const LibraryFileUpdate = z.strictObject({
  name: FileName.optional(),
  altText: z.string().trim().max(250, { error: 'Alt text is at most 250 characters.' }).optional(),
});

/** Paths of the library's calls. */
export const LibraryPaths = Object.freeze({
  FILES: '/api/owner/files',
  FILE: '/api/owner/files/:fileId',
});
