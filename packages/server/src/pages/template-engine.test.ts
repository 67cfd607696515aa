import { describe, expect, it } from 'vitest';
import { createTemplateEngine } from './template-engine.js';

const engine = createTemplateEngine();

/** Compiles and renders `source` with the page engine, failing on any compile or render error. */
function render(source: string, json: Record<string, unknown>): string {
  const { template, errors } = engine.compile(source);
  expect(errors).toEqual([]);
  const result = engine.render(template, { json });
  expect(result.errors).toEqual([]);
  return result.output;
}

const IMG = '<img src="{image.assetUrl|htmlattr}"{image|image-srcset}>';
const url = '/s/mug.jpg';

describe('page engine: image srcset widths (spec 9: 100, 300, 500, 750, 1000, 1500, 2500 w)', () => {
  it('renders every spec width of a fully processed image, the original standing in for 2500w', () => {
    const image = { assetUrl: url, systemDataVariants: '2000x1500,100w,300w,500w,750w,1000w,1500w' };
    const html = render(IMG, { image });
    const srcset = /srcset="([^"]*)"/.exec(html)?.[1];
    expect(srcset?.split(',')).toEqual([
      `${url}?format=100w 100w`,
      `${url}?format=300w 300w`,
      `${url}?format=500w 500w`,
      `${url}?format=750w 750w`,
      `${url}?format=1000w 1000w`,
      `${url}?format=1500w 1500w`,
      `${url}?format=original 2500w`,
    ]);
  });

  it.each([
    ['100w', '300w'],
    ['300w', '500w'],
    ['500w', '750w'],
    ['750w', '1000w'],
    ['1000w', '1500w'],
    ['1500w', '2500w'],
  ])('an image processed up to %s offers the original as the next spec width, %s', (largest, next) => {
    const html = render(IMG, { image: { assetUrl: url, systemDataVariants: `800x600,${largest}` } });
    expect(html).toBe(`<img src="${url}" srcset="${url}?format=${largest} ${largest},${url}?format=original ${next}">`);
  });

  it('adds no original beyond 2500w, the largest spec width', () => {
    const html = render(IMG, { image: { assetUrl: url, systemDataVariants: '1500w,2500w' } });
    expect(html).toBe(`<img src="${url}" srcset="${url}?format=1500w 1500w,${url}?format=2500w 2500w">`);
  });
});

describe("page engine: default truncate (spec 9: 100 with '...')", () => {
  it('keeps text of exactly 100 characters whole', () => {
    const text = 'x'.repeat(100);
    expect(render('<p>{text|truncate}</p>', { text })).toBe(`<p>${text}</p>`);
  });

  it("cuts text of 101 characters to 100 and appends '...'", () => {
    expect(render('<p>{text|truncate}</p>', { text: 'x'.repeat(101) })).toBe(`<p>${'x'.repeat(100)}...</p>`);
  });

  it('cuts at the last space within the first 100 characters, then escapes the result', () => {
    const text = `${'a'.repeat(90)} <b>${'c'.repeat(30)}`;
    expect(render('<p>{text|truncate|html}</p>', { text })).toBe(`<p>${'a'.repeat(90)} ...</p>`);
    const tagged = `${'a'.repeat(94)} <b>c ${'d'.repeat(20)}`;
    expect(render('<p>{text|truncate|html}</p>', { text: tagged })).toBe(`<p>${'a'.repeat(94)} &lt;b&gt;c ...</p>`);
  });
});
