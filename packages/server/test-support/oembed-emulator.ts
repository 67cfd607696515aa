import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A stand-in for Vimeo's and YouTube's oEmbed endpoints on a loopback port, answering by the video's address. */
export interface OembedEmulator {
  /** The endpoints to give the app (`config.oembedEndpoints`). */
  readonly endpoints: { vimeo: string; youtube: string };
  /** The `url` parameters asked for, in order. */
  readonly asked: string[];
  close(): Promise<void>;
}

/** Vimeo videos the emulator knows, by their number: how Vimeo answers for each. */
export const EMULATED_VIMEO = Object.freeze({
  /** A Plus account's video: embeddable. */
  PLUS: '76979871',
  /** A Basic account's video. */
  BASIC: '22439234',
  /** A video whose owner does not let other sites embed it: Vimeo answers 403. */
  PRIVATE: '11111111',
});

function vimeoAnswer(id: string): { status: number; body?: unknown } {
  const base = { type: 'video', version: '1.0', provider_name: 'Vimeo', provider_url: 'https://vimeo.com/', video_id: Number(id) };
  if (id === EMULATED_VIMEO.PLUS) {
    return {
      status: 200,
      body: {
        ...base,
        title: 'The New Vimeo Player',
        account_type: 'plus',
        thumbnail_url: 'https://i.vimeocdn.com/video/452001751-640.jpg',
        html: `<iframe src="https://player.vimeo.com/video/${id}" width="640" height="360" onload="alert(1)"></iframe><script>alert(2)</script>`,
      },
    };
  }
  if (id === EMULATED_VIMEO.BASIC)
    return { status: 200, body: { ...base, title: 'Holiday', account_type: 'basic', html: '<iframe src="https://player.vimeo.com/video/1"></iframe>' } };
  if (id === EMULATED_VIMEO.PRIVATE) return { status: 403 };
  return { status: 404 };
}

function youtubeAnswer(url: URL): { status: number; body?: unknown } {
  const id = url.searchParams.get('v') ?? url.pathname.slice(1);
  if (id !== 'dQw4w9WgXcQ') return { status: 404 };
  return {
    status: 200,
    body: {
      type: 'video',
      title: 'A walk through the studio',
      provider_name: 'YouTube',
      thumbnail_url: `https://i.ytimg.com/vi/${id}/hqdefault.jpg`,
      html: `<iframe width="200" height="113" src="https://www.youtube.com/embed/${id}?feature=oembed" allowfullscreen></iframe>`,
    },
  };
}

/** Starts the emulator on 127.0.0.1. */
export async function startOembedEmulator(): Promise<OembedEmulator> {
  const asked: string[] = [];
  const server: Server = createServer((request, response) => {
    const here = new URL(request.url ?? '/', 'http://127.0.0.1');
    const video = here.searchParams.get('url') ?? '';
    asked.push(video);
    let answer: { status: number; body?: unknown } = { status: 404 };
    try {
      const target = new URL(video);
      if (here.pathname === '/vimeo') answer = vimeoAnswer(target.pathname.split('/').filter(Boolean).at(-1) ?? '');
      else if (here.pathname === '/youtube') answer = youtubeAnswer(target);
    } catch {
      answer = { status: 404 };
    }
    response.writeHead(answer.status, { 'content-type': 'application/json' });
    response.end(answer.body === undefined ? '' : JSON.stringify(answer.body));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    endpoints: { vimeo: `http://127.0.0.1:${port}/vimeo`, youtube: `http://127.0.0.1:${port}/youtube` },
    asked,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
