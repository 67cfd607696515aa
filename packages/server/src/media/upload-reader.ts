import type { FastifyRequest } from 'fastify';
import { AppError } from '../errors/index.js';
import { MAX_IMAGE_BYTES, UPLOAD_MESSAGES } from './upload-messages.js';

/** One uploaded file: its bytes and the name the browser gave it. */
export interface UploadedFile {
  bytes: Buffer;
  filename: string;
}

/** The image files of a multipart upload (field `file`, in order) and its text fields. */
export interface ImageUploads {
  files: UploadedFile[];
  fields: Record<string, string>;
}

/**
 * Reads a multipart image upload of up to `maxFiles` files named `file`, each at most
 * {@link MAX_IMAGE_BYTES}, and up to five text fields (each cut at 250 characters). Throws 413
 * 'too large' with the maximum size (spec 5), 415 for a body that is not multipart, 400 for a
 * form that does not parse or holds no file.
 */
export async function readImageUploads(request: FastifyRequest, maxFiles = 1): Promise<ImageUploads> {
  const files: UploadedFile[] = [];
  const fields: Record<string, string> = {};
  try {
    for await (const part of request.parts({ limits: { fileSize: MAX_IMAGE_BYTES, files: maxFiles, fields: 5 } })) {
      if (part.type === 'file') {
        const bytes = await part.toBuffer();
        if (part.fieldname === 'file' && bytes.length > 0) files.push({ bytes, filename: part.filename ?? '' });
      } else {
        fields[part.fieldname] = String(part.value).slice(0, 250);
      }
    }
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_MESSAGES.tooLarge);
    if (code === 'FST_INVALID_MULTIPART_CONTENT_TYPE') throw new AppError('UNSUPPORTED_MEDIA_TYPE', UPLOAD_MESSAGES.noFile);
    // Anything else here is the request's form not parsing (no boundary, a cut-off part, too many parts).
    throw new AppError('BAD_REQUEST', UPLOAD_MESSAGES.unreadable, { cause: error });
  }
  if (files.length === 0) throw new AppError('VALIDATION_FAILED', UPLOAD_MESSAGES.noFile);
  return { files, fields };
}
