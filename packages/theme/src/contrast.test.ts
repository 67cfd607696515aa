import { describe, expect, it } from 'vitest';
import { CONTRAST_AA, contrastProblems } from './contrast.js';
import { parseTweaks } from './tweaks.js';

const SHEET = `
// tweak: { "type": "color", "title": "paper", "label": "Paper" }
@paper: #ffffff;
// tweak: { "type": "color", "title": "ink", "label": "Ink", "readableOn": ["paper"] }
@ink: #222222;
// tweak: { "type": "color", "title": "link", "label": "Links", "readableOn": ["paper", "nothing"] }
@link: #0b57d0;
`;

describe('contrast of the colours a theme reads text in (WCAG 2 AA, 4.5:1)', () => {
  const { tweaks, problems } = parseTweaks('styles/site.less', SHEET);

  it('warns about a readableOn naming no colour tweak, and reads the pairs', () => {
    expect(tweaks.find((t) => t.title === 'ink')?.readableOn).toEqual(['paper']);
    expect(problems).toEqual([
      expect.objectContaining({
        severity: 'warning',
        message: 'tweak "link": "readableOn" names "nothing", which is no colour tweak of the theme; that pair is not checked',
      }),
    ]);
  });

  it('finds nothing when every pair passes', () => {
    expect(contrastProblems(tweaks, { paper: '#ffffff', ink: '#222222', link: '#0b57d0' })).toEqual([]);
  });

  it('names each pair under 4.5:1 with its labels, values and ratio; named and rgb() colours count, see-through ones are left out', () => {
    const found = contrastProblems(tweaks, { paper: 'white', ink: 'rgb(170, 170, 170)', link: 'rgba(0, 0, 255, 0.4)' });
    expect(found).toEqual([
      {
        foreground: 'ink',
        foregroundLabel: 'Ink',
        foregroundValue: 'rgb(170, 170, 170)',
        background: 'paper',
        backgroundLabel: 'Paper',
        backgroundValue: 'white',
        ratio: 2.32,
      },
    ]);
    expect(found[0]!.ratio).toBeLessThan(CONTRAST_AA);
  });
});
