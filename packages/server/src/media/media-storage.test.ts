import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localMediaStorage } from './media-storage.js';

describe('media in a local folder', () => {
  let root: string;
  beforeAll(async () => {
    root = await mkdtemp(join(tmpdir(), 'emporium-media-local-'));
  });
  afterAll(() => rm(root, { recursive: true, force: true }));

  it('puts, replaces, gets and deletes bytes under a key; a missing key reads as null and deletes quietly', async () => {
    const storage = localMediaStorage(root);
    const key = `site1/${'a'.repeat(32)}-100.webp`;
    await storage.put(key, Buffer.from('first'));
    await storage.put(key, Buffer.from('second'));
    expect((await storage.get(key))?.toString()).toBe('second');
    expect(await readdir(join(root, 'site1'))).toEqual([`${'a'.repeat(32)}-100.webp`]);
    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    await storage.delete(key);
    await expect(storage.delete('../outside')).rejects.toThrow(RangeError);
    await expect(storage.get('site1/../../etc/passwd')).rejects.toThrow(RangeError);
  });

  it('keeps private keys (files of digital products) in their own folder; nothing else may be nested', async () => {
    const storage = localMediaStorage(root);
    await storage.put(`private/site1/${'d'.repeat(32)}`, Buffer.from('file'));
    expect(await readdir(join(root, 'private', 'site1'))).toEqual(['d'.repeat(32)]);
    expect(await storage.get(`site1/${'d'.repeat(32)}`)).toBeNull();
    await expect(storage.get(`other/site1/${'d'.repeat(32)}`)).rejects.toThrow(RangeError);
  });
});
