import { mapFormatter, type Formatter } from '../../plugin-api.js';
import { asNumber, asString, getPath, printValue, resolveIn } from './values.js';

/** `{path|AbsUrl}`: the site's `base-url`, a slash, then the value. */
export const absUrl: Formatter = mapFormatter((value, _args, ctx) => `${asString(resolveIn(ctx, value, ['base-url']))}/${asString(value)}`);

/** `{text|capitalize}`: the whole text in upper case. */
export const capitalize: Formatter = mapFormatter((value) => asString(value).toUpperCase());

/** `{ms|humanizeDuration}`: a duration in milliseconds as `M:SS`. */
export const humanizeDuration: Formatter = mapFormatter((value) => {
  const seconds = (asNumber(value) / 1000) | 0;
  const minutes = (seconds / 60) | 0;
  return `${minutes}:${String(seconds - minutes * 60).padStart(2, '0')}`;
});

/** `{item|audio-player}`: the audio player placeholder for an audio item (reads only the item itself). */
export const audioPlayer: Formatter = mapFormatter((item) => {
  const id = printValue(getPath(item, ['id']));
  const url = printValue(getPath(item, ['structuredContent', 'audioAssetUrl']));
  return (
    "<script>Y.use('squarespace-audio-player-frontend');</script>\n" +
    `<div class="squarespace-audio-player" data-audio-asset-url="${url}" data-item-id="${id}" id="audio-player-${id}"></div>`
  );
});
