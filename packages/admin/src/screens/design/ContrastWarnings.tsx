import type { ContrastPair } from './design-calls.js';

/** WCAG 2 AA's least contrast for normal text. */
const AA = 4.5;

/**
 * The colour pairs of the site's styles that are hard to read (under 4.5:1), each with a swatch
 * of the text on its background; nothing when every pair passes. A warning: publishing is
 * still allowed.
 */
export function ContrastWarnings({ pairs }: { readonly pairs: readonly ContrastPair[] }) {
  if (pairs.length === 0) return null;
  return (
    <div className="contrast-warnings" role="note" aria-label="Hard-to-read colours">
      <p>
        <strong>Hard to read:</strong> {pairs.length === 1 ? 'this text colour has' : 'these text colours have'} too little contrast with{' '}
        {pairs.length === 1 ? 'its' : 'their'} background for many visitors (WCAG AA asks for {AA}:1).
      </p>
      <ul>
        {pairs.map((pair) => (
          <li key={`${pair.foreground}/${pair.background}`}>
            <span className="contrast-sample" style={{ background: pair.backgroundValue }} aria-hidden="true">
              <span style={{ background: pair.foregroundValue }} />
            </span>
            {pair.foregroundLabel} on {pair.backgroundLabel}: {pair.ratio.toFixed(2)}:1
          </li>
        ))}
      </ul>
    </div>
  );
}
