import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMULATED_VIMEO, type OembedEmulator, startOembedEmulator } from '../../test-support/oembed-emulator.js';
import { createPagesTestApp, type PagesTestApp } from '../../test-support/pages-test-app.js';
import { makeOwner, type OwnerClient, signInOwner } from '../../test-support/owners.js';
import { createServer } from 'node:net';
import { DEMO_SHOP_IDENTIFIER } from '../seed/index.js';
import { findWebsiteByIdentifier } from '../sites/index.js';
import { VIDEO_DETAILS_PATH, VideoMessages } from './index.js';
import { lookUpVideo } from './video-details.js';

// The video block's look-up of a video at its host's oEmbed endpoint (issue 26, spec 5 "Video: Vimeo Basic accounts unsupported").
let emulator: OembedEmulator;
let t: PagesTestApp;
let admin: OwnerClient;
let viewer: OwnerClient;

beforeAll(async () => {
  emulator = await startOembedEmulator();
  t = await createPagesTestApp({ config: { oembedEndpoints: emulator.endpoints } });
  const db = t.testDb.db;
  const shop = (await findWebsiteByIdentifier(db, DEMO_SHOP_IDENTIFIER))!;
  await makeOwner(db, shop.id, 'admin@video.test', 'admin');
  await makeOwner(db, shop.id, 'viewer@video.test', 'viewer');
  admin = await signInOwner(t.app, `${DEMO_SHOP_IDENTIFIER}.localhost`, 'admin@video.test');
  viewer = await signInOwner(t.app, `${DEMO_SHOP_IDENTIFIER}.localhost`, 'viewer@video.test');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await emulator?.close();
});

/** A loopback port nothing listens on any more. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

const lookUp = (client: OwnerClient, url: string) => client.call('POST', VIDEO_DETAILS_PATH, { url });

describe("the video block's look-up", () => {
  it("answers a Vimeo or YouTube video's title, host, thumbnail and cleaned player", async () => {
    const vimeo = await lookUp(admin, `https://vimeo.com/${EMULATED_VIMEO.PLUS}`);
    expect(vimeo.statusCode).toBe(200);
    const video = vimeo.json();
    expect(video).toMatchObject({ title: 'The New Vimeo Player', providerName: 'Vimeo', thumbnailUrl: 'https://i.vimeocdn.com/video/452001751-640.jpg' });
    expect(video.html).toContain(`src="https://player.vimeo.com/video/${EMULATED_VIMEO.PLUS}"`);
    expect(video.html).not.toMatch(/onload|<script|alert/);
    const youtube = await lookUp(admin, 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(youtube.statusCode).toBe(200);
    expect(youtube.json()).toMatchObject({ title: 'A walk through the studio', providerName: 'YouTube' });
    expect(emulator.asked).toContain('https://www.youtube.com/watch?v=dQw4w9WgXcQ');
  });

  it('refuses a Basic account’s Vimeo video and one Vimeo will not let other sites embed', async () => {
    for (const id of [EMULATED_VIMEO.BASIC, EMULATED_VIMEO.PRIVATE]) {
      const answer = await lookUp(admin, `https://vimeo.com/${id}`);
      expect(answer.statusCode).toBe(422);
      expect(answer.json()).toMatchObject({ message: VideoMessages.VIMEO_BASIC, errors: { url: 'Vimeo Basic accounts unsupported' } });
    }
  });

  it('says when the host does not know the video, when it is no video address, and when the host cannot be reached', async () => {
    const unknown = await lookUp(admin, 'https://vimeo.com/404404404');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe('Unable to locate content');
    const other = await lookUp(admin, 'https://example.com/film.mp4');
    expect(other.statusCode).toBe(422);
    expect(other.json().message).toBe(VideoMessages.NOT_A_VIDEO);
    const closed = `http://127.0.0.1:${await closedPort()}/oembed`;
    const unreachable = await lookUpVideo('https://vimeo.com/1', { vimeo: closed, youtube: closed });
    expect(unreachable).toEqual({ ok: false, reason: 'unreachable', message: 'Unable to connect. Please try again' });
  });

  it('is for owners who may change content, over https addresses only', async () => {
    expect((await lookUp(viewer, `https://vimeo.com/${EMULATED_VIMEO.PLUS}`)).statusCode).toBe(403);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: VIDEO_DETAILS_PATH,
      headers: { host: `${DEMO_SHOP_IDENTIFIER}.localhost` },
      payload: { url: 'https://vimeo.com/1' },
    });
    expect([401, 403]).toContain(anonymous.statusCode);
    expect((await lookUp(admin, `http://vimeo.com/${EMULATED_VIMEO.PLUS}`)).statusCode).toBe(400);
  });
});
