import { randomBytes } from 'node:crypto';
import { transform } from 'lightningcss';

/**
 * The system layer's stylesheet as it goes into every page (decision 0053): minified once at
 * start, as an inline `<style>` element already encoded as bytes. A page's head carries
 * {@link SystemStyle.marker} where the element goes; {@link pageBytes} puts the bytes there
 * when the page is encoded, so the 40 KB shared by every page is never part of the rendered
 * string, never encoded again per request and never walked by the template engine.
 */
export interface SystemStyle {
  /** An HTML comment unique to this process, standing for the element in rendered pages. */
  readonly marker: string;
  /** `<style>…</style>`, UTF-8. */
  readonly bytes: Buffer;
}

const STYLE_END = /<\/(style)/gi;

/** `css` for an inline style element: `</style` in any case cannot close the element early. */
export function inlineStyleText(css: string): string {
  STYLE_END.lastIndex = 0;
  return STYLE_END.test(css) ? css.replace(STYLE_END, '<\\/$1') : css;
}

/** Minified `css` (lightningcss); the source as it is when it cannot be parsed, so a page is never left unstyled. */
export function minifiedCss(css: string): string {
  try {
    return transform({ filename: 'system.css', code: Buffer.from(css), minify: true }).code.toString();
  } catch {
    return css;
  }
}

export function systemStyle(css: string): SystemStyle {
  return {
    marker: `<!--system-style-${randomBytes(9).toString('base64url')}-->`,
    bytes: Buffer.from(`<style>${inlineStyleText(minifiedCss(css))}</style>`),
  };
}

/**
 * The bytes of a rendered page: `html` with the system style element in place of its marker
 * (the first one: the head's). A page without the marker (a theme whose layout leaves out
 * `{headers}`) is encoded as it is.
 */
export function pageBytes(html: string, style: SystemStyle): Buffer {
  const at = html.indexOf(style.marker);
  if (at < 0) return Buffer.from(html);
  return Buffer.concat([Buffer.from(html.slice(0, at)), style.bytes, Buffer.from(html.slice(at + style.marker.length))]);
}
