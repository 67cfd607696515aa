import { VIDEO_DETAILS_PATH, type VideoDetails } from '@emporium/server/block-kinds';
import { useState } from 'react';
import { api } from '../../../api/http.js';
import { ErrorText } from '../../../ui/ErrorText.js';
import type { Block } from './block-fields.js';

interface VideoLookUpProps {
  readonly block: Block;
  /** The block's name ("Video block 3"), for the button's name. */
  readonly name: string;
  readonly onChange: (block: Block) => void;
}

/** Fills a video block's title, host, thumbnail and player from the video's host (its oEmbed answer), or says why it cannot. */
export function VideoLookUp({ block, name, onChange }: VideoLookUpProps) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<unknown>();
  const [found, setFound] = useState('');
  const url = typeof block.url === 'string' ? block.url.trim() : '';
  const lookUp = async () => {
    setBusy(true);
    setError(undefined);
    setFound('');
    try {
      const video = await api<VideoDetails>(VIDEO_DETAILS_PATH, { method: 'POST', body: { url } });
      const { html: _html, thumbnailUrl: _thumbnail, providerName: _provider, ...rest } = block;
      onChange({ ...rest, ...video, title: video.title ?? block.title });
      setFound(`Found ${video.title ? `“${video.title}”` : 'the video'} on ${video.providerName}.`);
    } catch (failure) {
      setError(failure);
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="video-look-up">
      <button type="button" className="secondary small" disabled={!url || busy} onClick={() => void lookUp()} aria-label={`Get video details for ${name}`}>
        {busy ? 'Getting details…' : 'Get video details'}
      </button>
      <ErrorText error={error} />
      <p className="hint" role="status">
        {found}
      </p>
    </div>
  );
}
