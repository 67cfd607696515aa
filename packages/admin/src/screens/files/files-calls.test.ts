import { describe, expect, it } from 'vitest';
import { humanSize, LibraryMessages as M, uploadOutcome } from './files-calls.js';

// Spec 8 "Setup and UI": what an upload says when it does not end well.
describe('uploadOutcome', () => {
  const file = {
    id: 'f1',
    name: 'shop.png',
    assetUrl: '/api/media/s/f1-750.png',
    srcset: '',
    originalSize: '750x500',
    bytes: 1234,
    altText: '',
    createdAt: '',
  };

  it('gives the file of an accepted upload', () => {
    expect(uploadOutcome({ kind: 'answered', status: 201, body: JSON.stringify(file) })).toEqual({ ok: true, file });
  });

  it.each([
    ['cut off while sending', { kind: 'network', sent: false } as const, M.UPLOAD_INCOMPLETE, 'File upload failed to complete'],
    ['cut off once sent', { kind: 'network', sent: true } as const, M.PROCESSING_INCOMPLETE, 'File processing failed to complete'],
    ['cancelled', { kind: 'cancelled' } as const, M.PROCESSING_CANCELLED, 'File processing cancelled'],
    ['accepted without an answer', { kind: 'answered', status: 201, body: '' } as const, M.NO_RESPONSE_DATA, 'No response data from job request'],
    ['failed on the server', { kind: 'answered', status: 503, body: '' } as const, M.PROCESSING_INCOMPLETE, 'File processing failed to complete'],
  ])('says so when %s', (_name, end, problem, text) => {
    expect(uploadOutcome(end)).toEqual({ ok: false, problem });
    expect(problem).toBe(text);
  });

  it("says processing failed with the server's reason when it refuses the file", () => {
    const refused = uploadOutcome({
      kind: 'answered',
      status: 415,
      body: JSON.stringify({ message: 'The file is not a supported type: upload a JPEG, PNG or WebP image.' }),
    });
    expect(refused).toEqual({ ok: false, problem: 'File processing failed', detail: 'The file is not a supported type: upload a JPEG, PNG or WebP image.' });
  });
});

describe('humanSize', () => {
  it('counts in steps of 1024 from Bytes (spec 9)', () => {
    expect(humanSize(512)).toBe('512 Bytes');
    expect(humanSize(1536)).toBe('1.5 KB');
    expect(humanSize(10 * 1024 * 1024)).toBe('10 MB');
    expect(humanSize(1024 ** 8)).toBe('1 YB');
  });
});
