import { useEffect, useState } from 'react';
import { FONT_MESSAGES, type FontOption } from './site-styles-calls.js';

/** Each font file loaded once per page of the dashboard, under a name of its own. */
const loading = new Map<string, Promise<void>>();

function loadPreviewFont(font: FontOption): Promise<void> {
  let load = loading.get(font.previewUrl);
  if (!load) {
    const face = new FontFace(`${font.family} preview`, `url(${JSON.stringify(font.previewUrl)})`, { weight: `${font.weights[0]} ${font.weights[1]}` });
    load = face.load().then((loaded) => {
      document.fonts.add(loaded);
    });
    load.catch(() => loading.delete(font.previewUrl));
    loading.set(font.previewUrl, load);
  }
  return load;
}

interface FontPreviewProps {
  readonly font: FontOption;
  readonly weight: number;
  readonly sample: string;
}

/** A line in `font` at `weight`, from our own origin; spec 8's message when the font cannot be loaded. */
export function FontPreview({ font, weight, sample }: FontPreviewProps) {
  const [state, setState] = useState<'loading' | 'ready' | 'failed'>('loading');
  useEffect(() => {
    let live = true;
    setState('loading');
    loadPreviewFont(font).then(
      () => live && setState('ready'),
      () => live && setState('failed'),
    );
    return () => {
      live = false;
    };
  }, [font]);
  if (state === 'failed') {
    return (
      <p className="field-error" role="status">
        {FONT_MESSAGES.previewFailed(font.family)}
      </p>
    );
  }
  return (
    <p className="font-preview" data-state={state} style={{ fontFamily: `"${font.family} preview", ${font.category}`, fontWeight: weight }}>
      {sample}
    </p>
  );
}
