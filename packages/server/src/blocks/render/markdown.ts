import { Marked } from 'marked';
import { cleanOwnerHtml } from '../../rich-text/index.js';

/** One parser for every Markdown block: GitHub-flavoured, no raw HTML passes the cleaning after it. */
const parser = new Marked({ gfm: true, breaks: false, async: false });

/** The HTML of a Markdown block's text, cleaned by the rich-text allowlist (so HTML written inside the Markdown is cleaned too). */
export function markdownHtml(markdown: string): string {
  return cleanOwnerHtml(parser.parse(markdown, { async: false }) as string);
}
