import { VideoMessages, type VideoDetails } from '../block-kinds/index.js';
import { cleanEmbedHtml } from './clean-blocks.js';

/** Where each video host answers oEmbed (`?url=…&format=json`). */
export interface OembedEndpoints {
  readonly vimeo: string;
  readonly youtube: string;
}

/** How long a host may take to answer, and the most of its answer read. */
const TIMEOUT_MS = 5_000;
const MAX_ANSWER_BYTES = 64 * 1024;

type Host = keyof OembedEndpoints;

/** The video host of an address: Vimeo or YouTube (with their short and player hosts), else undefined. */
export function videoHostOf(url: string): Host | undefined {
  let host: string;
  try {
    const parsed = new URL(url);
    if (parsed.protocol !== 'https:') return undefined;
    host = parsed.hostname.toLowerCase().replace(/^www\./, '');
  } catch {
    return undefined;
  }
  if (host === 'vimeo.com' || host === 'player.vimeo.com') return 'vimeo';
  if (host === 'youtube.com' || host === 'm.youtube.com' || host === 'youtu.be' || host === 'youtube-nocookie.com') return 'youtube';
  return undefined;
}

/** A look-up's outcome: the block's fields, or the message to show and why. */
export type VideoLookUp =
  | { readonly ok: true; readonly video: VideoDetails }
  | { readonly ok: false; readonly reason: 'not-a-video' | 'vimeo-basic' | 'not-found' | 'unreachable'; readonly message: string };

const refused = (reason: Exclude<VideoLookUp, { ok: true }>['reason'], message: string): VideoLookUp => ({ ok: false, reason, message });

async function answerOf(response: Response): Promise<Record<string, unknown> | undefined> {
  const text = await response.text();
  if (text.length > MAX_ANSWER_BYTES) return undefined;
  try {
    const json: unknown = JSON.parse(text);
    return json && typeof json === 'object' ? (json as Record<string, unknown>) : undefined;
  } catch {
    return undefined;
  }
}

const stringOf = (value: unknown, max: number) => (typeof value === 'string' && value.trim() ? value.trim().slice(0, max) : undefined);

/**
 * Asks the video's host for its oEmbed answer (only the host's fixed endpoint, the address as a
 * parameter): title, host name, thumbnail and player HTML (cleaned). Vimeo answers 403 for a
 * video its owner's plan does not let other sites embed, and names the plan in `account_type`:
 * either is 'Vimeo Basic accounts unsupported'. A video the host does not know is 'Unable to
 * locate content'; a host that cannot be reached, 'Unable to connect. Please try again'.
 */
export async function lookUpVideo(url: string, endpoints: OembedEndpoints, fetchImpl: typeof fetch = fetch): Promise<VideoLookUp> {
  const host = videoHostOf(url);
  if (!host) return refused('not-a-video', VideoMessages.NOT_A_VIDEO);
  let response: Response;
  try {
    response = await fetchImpl(`${endpoints[host]}?${new URLSearchParams({ url, format: 'json' })}`, {
      headers: { accept: 'application/json' },
      redirect: 'error',
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return refused('unreachable', VideoMessages.UNREACHABLE);
  }
  if (host === 'vimeo' && response.status === 403) return refused('vimeo-basic', VideoMessages.VIMEO_BASIC);
  if (response.status === 404 || response.status === 401 || response.status === 403) return refused('not-found', VideoMessages.NOT_FOUND);
  const answer = response.ok ? await answerOf(response) : undefined;
  if (!answer) return refused('unreachable', VideoMessages.UNREACHABLE);
  if (host === 'vimeo' && (answer.account_type === 'basic' || typeof answer.html !== 'string')) return refused('vimeo-basic', VideoMessages.VIMEO_BASIC);
  const thumbnail = stringOf(answer.thumbnail_url, 2000);
  const html = typeof answer.html === 'string' ? cleanEmbedHtml(answer.html.slice(0, 20_000)) : '';
  return {
    ok: true,
    video: {
      providerName: stringOf(answer.provider_name, 80) ?? (host === 'vimeo' ? 'Vimeo' : 'YouTube'),
      ...(stringOf(answer.title, 200) ? { title: stringOf(answer.title, 200) } : {}),
      ...(thumbnail?.startsWith('https://') ? { thumbnailUrl: thumbnail } : {}),
      ...(html ? { html } : {}),
    },
  };
}
