/**
 * Product and post illustrations drawn as SVG from a motif and a palette, so the demo has
 * real pictures without any network or binary files. `/assets/illustrations/{motif}-{palette}.svg`
 * names one; the same name always yields the same bytes.
 */

interface Palette {
  bgTop: string;
  bgBottom: string;
  main: string;
  accent: string;
  dark: string;
  light: string;
}

/** Colour palettes by name. */
export const PALETTES: Readonly<Record<string, Palette>> = Object.freeze({
  sage: { bgTop: '#e7efe3', bgBottom: '#cfdfc8', main: '#6f9a6b', accent: '#f2c57c', dark: '#2f4a34', light: '#fbfaf5' },
  clay: { bgTop: '#f6e6da', bgBottom: '#ecc9b2', main: '#c7653f', accent: '#2f5d62', dark: '#5b2a17', light: '#fff8f1' },
  ocean: { bgTop: '#e1edf3', bgBottom: '#bcd5e3', main: '#2f6f8f', accent: '#f0b429', dark: '#173b4d', light: '#f7fbfd' },
  sand: { bgTop: '#f7f0e1', bgBottom: '#eadcbc', main: '#c9a25b', accent: '#6b8f71', dark: '#5a4421', light: '#fffdf7' },
  berry: { bgTop: '#f5e4ea', bgBottom: '#e6c2cf', main: '#9c3d5f', accent: '#f4b860', dark: '#4d1a2d', light: '#fff7fa' },
  moss: { bgTop: '#e8ecd9', bgBottom: '#cdd6ac', main: '#5d7236', accent: '#d98e48', dark: '#2d3a16', light: '#fbfcf4' },
  dusk: { bgTop: '#e6e3f1', bgBottom: '#c7c1e0', main: '#5b4f96', accent: '#f2a65a', dark: '#2a2450', light: '#faf9ff' },
  linen: { bgTop: '#f4f1ea', bgBottom: '#e4ddcf', main: '#8a7b66', accent: '#3f6f5a', dark: '#3b3328', light: '#fffefa' },
});

type Motif = (p: Palette) => string;

const shadow = (cx: number, cy: number, rx: number): string => `<ellipse cx="${cx}" cy="${cy}" rx="${rx}" ry="${rx * 0.12}" fill="#000" opacity=".10"/>`;

/** Motif drawings on a 800x800 canvas. */
export const MOTIFS: Readonly<Record<string, Motif>> = Object.freeze({
  shirt: (p) =>
    `${shadow(400, 690, 230)}<path d="M300 170 L220 205 L130 300 L200 370 L245 330 L245 660 L555 660 L555 330 L600 370 L670 300 L580 205 L500 170 Q400 235 300 170Z" fill="${p.main}"/>` +
    `<path d="M300 170 Q400 235 500 170 Q460 200 400 205 Q340 200 300 170Z" fill="${p.dark}" opacity=".35"/>` +
    `<path d="M245 330 L245 660" stroke="${p.dark}" stroke-opacity=".15" stroke-width="6"/><path d="M555 330 L555 660" stroke="${p.dark}" stroke-opacity=".15" stroke-width="6"/>` +
    `<rect x="440" y="300" width="70" height="80" rx="8" fill="${p.light}" opacity=".25"/>`,
  mug: (p) =>
    `${shadow(390, 640, 200)}<path d="M560 330 q110 0 110 110 t-110 110" fill="none" stroke="${p.main}" stroke-width="42"/>` +
    `<rect x="220" y="260" width="350" height="380" rx="40" fill="${p.main}"/><ellipse cx="395" cy="262" rx="175" ry="34" fill="${p.dark}" opacity=".55"/>` +
    `<path d="M240 430 h310" stroke="${p.light}" stroke-width="16" opacity=".6"/><path d="M240 470 h310" stroke="${p.accent}" stroke-width="10"/>` +
    `<path d="M340 200 q-30-40 0-80 M400 205 q-30-45 0-90 M460 200 q-30-40 0-80" stroke="${p.dark}" stroke-width="10" fill="none" stroke-linecap="round" opacity=".35"/>`,
  tote: (p) =>
    `${shadow(400, 690, 220)}<path d="M300 300 q0-170 100-170 t100 170" fill="none" stroke="${p.dark}" stroke-width="22"/>` +
    `<path d="M220 290 h360 l30 380 h-420z" fill="${p.main}"/><path d="M220 290 h360 l4 50 h-368z" fill="${p.dark}" opacity=".2"/>` +
    `<circle cx="400" cy="480" r="85" fill="${p.light}" opacity=".9"/><path d="M400 420 q40 60 0 120 q-40-60 0-120z" fill="${p.accent}"/><path d="M400 430 v100" stroke="${p.dark}" stroke-width="5"/>`,
  candle: (p) =>
    `${shadow(400, 660, 170)}<rect x="270" y="330" width="260" height="320" rx="26" fill="${p.light}"/><rect x="270" y="420" width="260" height="140" fill="${p.main}"/>` +
    `<ellipse cx="400" cy="332" rx="130" ry="26" fill="${p.bgBottom}"/><path d="M400 320 v-50" stroke="${p.dark}" stroke-width="8"/>` +
    `<path d="M400 170 q55 70 0 110 q-55-40 0-110z" fill="${p.accent}"/><path d="M400 215 q22 35 0 60 q-22-25 0-60z" fill="${p.light}"/>` +
    `<text x="400" y="505" text-anchor="middle" font-family="Georgia,serif" font-size="44" fill="${p.light}">No. 7</text>`,
  plant: (p) =>
    `${shadow(400, 680, 170)}<path d="M285 480 h230 l-30 190 h-170z" fill="${p.accent}"/><rect x="270" y="460" width="260" height="44" rx="10" fill="${p.dark}" opacity=".85"/>` +
    `<path d="M400 460 C400 380 400 300 400 230" stroke="${p.dark}" stroke-width="10" fill="none"/>` +
    `<path d="M400 330 C330 320 270 270 255 190 C335 195 390 250 400 330Z" fill="${p.main}"/><path d="M400 290 C470 280 530 230 545 150 C465 155 410 210 400 290Z" fill="${p.main}"/>` +
    `<path d="M400 400 C340 395 300 360 285 310 C345 310 390 345 400 400Z" fill="${p.main}" opacity=".8"/><path d="M400 380 C460 375 505 340 520 290 C460 290 412 325 400 380Z" fill="${p.main}" opacity=".8"/>`,
  card: (p) =>
    `${shadow(400, 620, 260)}<rect x="150" y="240" width="500" height="320" rx="28" fill="${p.main}" transform="rotate(-6 400 400)"/>` +
    `<rect x="150" y="240" width="500" height="320" rx="28" fill="${p.dark}" transform="rotate(4 400 400)"/>` +
    `<path d="M430 230 v340" stroke="${p.accent}" stroke-width="26" transform="rotate(4 400 400)"/><path d="M150 360 h500" stroke="${p.accent}" stroke-width="26" transform="rotate(4 400 400)"/>` +
    `<circle cx="432" cy="362" r="34" fill="${p.accent}" transform="rotate(4 400 400)"/>` +
    `<text x="250" y="500" font-family="Georgia,serif" font-size="54" fill="${p.light}" transform="rotate(4 400 400)">Gift</text>`,
  box: (p) =>
    `${shadow(400, 665, 240)}<path d="M170 330 l230-90 l230 90 v270 l-230 80 l-230-80z" fill="${p.main}"/><path d="M170 330 l230 90 l230-90" fill="none" stroke="${p.dark}" stroke-width="8" opacity=".35"/>` +
    `<path d="M400 420 v260" stroke="${p.dark}" stroke-width="8" opacity=".35"/><path d="M170 330 l230 90 v260 l-230-80z" fill="${p.dark}" opacity=".15"/>` +
    `<path d="M285 285 l230 90 v70 l-40 16 v-70 l-230-90z" fill="${p.accent}"/>` +
    `<circle cx="520" cy="520" r="42" fill="${p.light}"/><path d="M500 520 l14 14 l26-30" stroke="${p.main}" stroke-width="9" fill="none" stroke-linecap="round"/>`,
  pattern: (p) =>
    `${shadow(400, 680, 230)}<rect x="200" y="140" width="400" height="520" rx="16" fill="${p.light}"/><rect x="200" y="140" width="400" height="80" rx="16" fill="${p.main}"/>` +
    `<path d="M260 300 h280 M260 340 h220 M260 380 h250" stroke="${p.dark}" stroke-width="12" stroke-linecap="round" opacity=".25"/>` +
    `<path d="M270 590 L330 440 L420 540 L470 480 L540 590 Z" fill="${p.main}" opacity=".85"/><circle cx="480" cy="430" r="26" fill="${p.accent}"/>` +
    `<path d="M520 130 v120 l-20-16 l-20 16 v-120z" fill="${p.accent}"/>`,
  workshop: (p) =>
    `${shadow(400, 670, 260)}<rect x="160" y="470" width="480" height="40" rx="10" fill="${p.dark}"/><rect x="190" y="510" width="24" height="150" fill="${p.dark}"/><rect x="586" y="510" width="24" height="150" fill="${p.dark}"/>` +
    `<circle cx="400" cy="330" r="130" fill="${p.main}"/><circle cx="400" cy="330" r="95" fill="none" stroke="${p.light}" stroke-width="8" stroke-dasharray="16 14"/>` +
    `<path d="M290 470 l60-120 M360 470 l-30-150" stroke="${p.accent}" stroke-width="14" stroke-linecap="round"/><circle cx="520" cy="440" r="30" fill="${p.accent}"/><circle cx="520" cy="440" r="10" fill="${p.dark}"/>`,
  apron: (p) =>
    `${shadow(400, 690, 200)}<path d="M330 140 h140 v80 l90 70 l-20 370 h-280 l-20-370 l90-70z" fill="${p.main}"/>` +
    `<path d="M240 290 l-110 40 M560 290 l110 40" stroke="${p.dark}" stroke-width="12" stroke-linecap="round"/><path d="M330 140 q70-60 140 0" stroke="${p.dark}" stroke-width="12" fill="none"/>` +
    `<rect x="320" y="430" width="160" height="110" rx="12" fill="${p.light}" opacity=".3"/><path d="M400 430 v110" stroke="${p.light}" stroke-width="6" opacity=".5"/>`,
  socks: (p) =>
    `${shadow(400, 690, 230)}<path d="M240 150 h130 v330 q0 40 30 70 l40 40 q30 40-10 70 q-40 25-80-10 l-110-110 q-20-25-20-60z" fill="${p.main}"/>` +
    `<path d="M430 170 h130 v330 q0 40 30 70 l30 30 q30 40-10 70 q-40 25-80-10 l-100-100 q-20-25-20-60z" fill="${p.accent}"/>` +
    `<path d="M240 190 h130 M240 220 h130 M430 210 h130 M430 240 h130" stroke="${p.light}" stroke-width="10" opacity=".7"/>`,
  notebook: (p) =>
    `${shadow(400, 680, 220)}<rect x="220" y="150" width="360" height="500" rx="18" fill="${p.main}"/><rect x="220" y="150" width="50" height="500" rx="12" fill="${p.dark}" opacity=".45"/>` +
    `<rect x="320" y="250" width="200" height="110" rx="10" fill="${p.light}"/><path d="M345 290 h150 M345 325 h110" stroke="${p.dark}" stroke-width="10" stroke-linecap="round" opacity=".5"/>` +
    `<path d="M500 150 v140 l-22-18 l-22 18 v-140z" fill="${p.accent}"/>`,
  soap: (p) =>
    `${shadow(400, 620, 240)}<rect x="190" y="380" width="420" height="200" rx="60" fill="${p.main}"/><rect x="230" y="330" width="340" height="180" rx="50" fill="${p.light}"/>` +
    `<text x="400" y="440" text-anchor="middle" font-family="Georgia,serif" font-size="46" fill="${p.dark}">oat &amp; honey</text>` +
    `<circle cx="590" cy="280" r="40" fill="${p.light}" opacity=".8"/><circle cx="640" cy="220" r="24" fill="${p.light}" opacity=".7"/><circle cx="210" cy="290" r="30" fill="${p.light}" opacity=".7"/>`,
  landscape: (p) =>
    `<circle cx="560" cy="250" r="80" fill="${p.accent}"/><path d="M0 520 Q200 380 400 480 T800 440 V800 H0Z" fill="${p.main}" opacity=".75"/>` +
    `<path d="M0 600 Q250 480 500 580 T800 560 V800 H0Z" fill="${p.dark}" opacity=".85"/><path d="M120 560 l30-90 l30 90z M190 545 l24-70 l24 70z" fill="${p.dark}"/>`,
  leaves: (p) =>
    [0, 1, 2, 3, 4, 5]
      .map((i) => {
        const x = 140 + (i % 3) * 260;
        const y = 200 + Math.floor(i / 3) * 330;
        const r = ((i * 47) % 90) - 45;
        return `<g transform="translate(${x} ${y}) rotate(${r})"><path d="M0 -120 C70 -60 70 60 0 120 C-70 60 -70 -60 0 -120Z" fill="${i % 2 ? p.main : p.dark}" opacity=".9"/><path d="M0 -110 V110" stroke="${p.light}" stroke-width="5" opacity=".6"/></g>`;
      })
      .join(''),
  loom: (p) =>
    `<rect x="120" y="120" width="560" height="560" rx="24" fill="${p.light}"/>` +
    Array.from({ length: 9 }, (_, i) => `<rect x="${150 + i * 58}" y="150" width="34" height="500" fill="${i % 2 ? p.main : p.accent}" opacity=".85"/>`).join(
      '',
    ) +
    Array.from({ length: 8 }, (_, i) => `<rect x="150" y="${170 + i * 60}" width="500" height="22" fill="${p.dark}" opacity=".55"/>`).join(''),
  market: (p) =>
    `${shadow(400, 680, 300)}<path d="M120 300 h560 l-40-110 h-480z" fill="${p.main}"/>` +
    Array.from({ length: 7 }, (_, i) => `<path d="M${120 + i * 80} 300 q40 50 80 0" fill="${i % 2 ? p.light : p.accent}"/>`).join('') +
    `<rect x="150" y="330" width="24" height="340" fill="${p.dark}"/><rect x="626" y="330" width="24" height="340" fill="${p.dark}"/><rect x="180" y="520" width="440" height="40" fill="${p.dark}" opacity=".8"/>` +
    `<circle cx="260" cy="495" r="28" fill="${p.accent}"/><circle cx="320" cy="495" r="28" fill="${p.main}"/><rect x="420" y="440" width="90" height="80" rx="8" fill="${p.light}"/>`,
});

const NAME = /^([a-z]+)-([a-z]+)\.svg$/;

/** Parses `{motif}-{palette}.svg`; null when either part is unknown. */
export function parseIllustrationName(file: string): { motif: string; palette: string } | null {
  const m = NAME.exec(file);
  if (!m || !Object.hasOwn(MOTIFS, m[1]!) || !Object.hasOwn(PALETTES, m[2]!)) return null;
  return { motif: m[1]!, palette: m[2]! };
}

/** Public URL of an illustration. */
export function illustrationUrl(motif: string, palette: string): string {
  if (!Object.hasOwn(MOTIFS, motif) || !Object.hasOwn(PALETTES, palette)) throw new RangeError(`Unknown illustration ${motif}-${palette}`);
  return `/assets/illustrations/${motif}-${palette}.svg`;
}

/** The SVG document of an illustration (800x800, gradient background). */
export function renderIllustration(motif: string, palette: string): string {
  const draw = Object.hasOwn(MOTIFS, motif) ? MOTIFS[motif] : undefined;
  const p = Object.hasOwn(PALETTES, palette) ? PALETTES[palette] : undefined;
  if (!draw || !p) throw new RangeError(`Unknown illustration ${motif}-${palette}`);
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 800 800" width="800" height="800">` +
    `<defs><linearGradient id="bg" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${p.bgTop}"/><stop offset="1" stop-color="${p.bgBottom}"/></linearGradient></defs>` +
    `<rect width="800" height="800" fill="url(#bg)"/>${draw(p)}</svg>`
  );
}
