import { describe, expect, it } from 'vitest';
import { escapeBareVariables, expandTags } from './tags.js';

const theme = { navigations: new Set(['mainNav']), scriptUrl: (src: string) => (src === 'site.js' ? '/assets/scripts/site.0123456789.js' : undefined) };

function expand(source: string) {
  const problems: { file: string; line: number; message: string; severity: string }[] = [];
  const out = expandTags('site.region', source, theme, { queries: 0 }, problems as never);
  return { ...out, problems };
}

describe('expandTags (docs/themes.md, Tags and variables)', () => {
  it('turns a navigation tag into a section over the named navigation applying its block', () => {
    const { source, navigations } = expand('<nav><squarespace:navigation navigationId="mainNav" template="main-nav" /></nav>');
    expect(source).toBe('<nav>{.section render.theme.navigations.mainNav}{@|apply main-nav.block}{.end}</nav>');
    expect(navigations).toEqual(['mainNav']);
  });

  it('warns about a navigation template.conf does not declare, and errors on a tag without a template', () => {
    expect(expand('<squarespace:navigation navigationId="other" template="x"/>').problems[0]).toMatchObject({ severity: 'warning', line: 1 });
    expect(expand('\n\n<squarespace:navigation navigationId="mainNav"/>').problems[0]).toMatchObject({ severity: 'error', line: 3 });
  });

  it('declares block fields with their label, columns and lock, under a key safe for a JSON-T path', () => {
    const { source, blockFields } = expand('<squarespace:block-field id="footer-blocks" columns="12" label="Footer" lock-layout="true"/>');
    expect(blockFields).toEqual([
      expect.objectContaining({ id: 'footer-blocks', key: 'footer_blocks', label: 'Footer', columns: 12, lockLayout: true, line: 1 }),
    ]);
    expect(source).toContain('data-block-field="footer-blocks"');
    expect(source).toContain('{.section render.theme.blockFields.footer_blocks}{@|apply emporium-blocks.block}{.end}');
  });

  it('turns a query into a section over its items, keeping its body, with its limits capped', () => {
    const { source, queries } = expand(
      '<squarespace:query collection="{collection.urlId}" limit="500" skip="40" featured="true" tag="a, b" category="c">\n{.repeated section items}{title}{.end}\n</squarespace:query>',
    );
    expect(queries[0]).toMatchObject({
      key: 'q0',
      collection: '{collection.urlId}',
      limit: 100,
      skip: 10,
      featured: true,
      tags: ['a', 'b'],
      categories: ['c'],
    });
    expect(source).toBe('{.section render.theme.queries.q0}\n{.repeated section items}{title}{.end}\n{.end}');
  });

  it('keeps line numbers when a tag spans lines', () => {
    const { source } = expand('<squarespace:block-field\n  id="side"\n  label="Side"/>\n{x}');
    expect(source.split('\n')).toHaveLength(4);
    expect(source.split('\n')[3]).toBe('{x}');
  });

  it('points a script tag at the hashed file of scripts/, and reports a missing one', () => {
    expect(expand('<squarespace:script src="site.js" combo="true"/>').source).toBe('<script src="/assets/scripts/site.0123456789.js" defer></script>');
    expect(expand('<squarespace:script src="nope.js"/>').problems[0]).toMatchObject({ severity: 'error' });
  });

  it('expands the squarespace variables and warns about unknown ones and unknown tags', () => {
    const { source, problems } = expand(
      '{squarespace-headers}<body id="{squarespace.page-id}" class="{squarespace.page-classes}">{squarespace.main-content}{squarespace.nope}<squarespace:unknown a="b"/>{squarespace-footers}',
    );
    expect(source).toContain('{render.theme.headers}');
    expect(source).toContain('id="{render.theme.pageId}"');
    expect(source).toContain('class="{render.theme.pageClasses}"');
    expect(source).toContain('{render.mainContent}');
    expect(source).toContain('{@|island CartPill}');
    expect(source).toContain('{render.scripts}');
    expect(problems.map((p) => p.severity)).toEqual(['warning', 'warning']);
  });
});

describe('escapeBareVariables', () => {
  it('escapes variables printed without a formatter, but not owner HTML fields, directives or formatted ones', () => {
    expect(escapeBareVariables('<h1>{title}</h1><a href="{fullUrl}">{item.author.displayName}</a>{.section body}{body}{.end}{excerpt}{price|money}{@}')).toBe(
      '<h1>{title|htmlattr}</h1><a href="{fullUrl|htmlattr}">{item.author.displayName|htmlattr}</a>{.section body}{body}{.end}{excerpt}{price|money}{@|htmlattr}',
    );
  });
});
