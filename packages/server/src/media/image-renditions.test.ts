import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { AppError } from '../errors/index.js';
import { renderImage } from './image-renditions.js';
import { UPLOAD_MESSAGES } from './upload-messages.js';

const photo = (width: number, height: number) =>
  sharp({ create: { width, height, channels: 3, background: { r: 120, g: 90, b: 60 } } })
    .jpeg()
    .toBuffer();

describe('image resizing limits (#24)', () => {
  it('#24 gives up with a clear 422 once the time limit is spent', async () => {
    const refused = await renderImage(await photo(3000, 2000), 'jpeg', { timeLimitMs: 1 }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(AppError);
    expect((refused as AppError).message).toBe(UPLOAD_MESSAGES.tooSlow);
    expect((refused as AppError).status).toBe(422);
  });

  it('#24 keeps the size of an upload with EXIF orientation, read from the header', async () => {
    const turned = await sharp({ create: { width: 1200, height: 800, channels: 3, background: '#345' } })
      .jpeg()
      .withMetadata({ orientation: 6 })
      .toBuffer();
    const rendered = await renderImage(turned, 'jpeg');
    expect([rendered.width, rendered.height]).toEqual([800, 1200]);
    expect(rendered.renditions.map((r) => `${r.format}:${r.width}x${r.height}`)).toEqual([
      'webp:100x150',
      'jpeg:100x150',
      'webp:300x450',
      'jpeg:300x450',
      'webp:500x750',
      'jpeg:500x750',
      'webp:750x1125',
      'jpeg:750x1125',
    ]);
  });
});
