import { Engine } from '@emporium/template';
import { nodeCldrProvider } from '@emporium/template/node';
import { pageFormatters } from './island-formatter.js';

/** A template engine with the built-in plugins, the `island` formatter and CLDR data. */
export function createTemplateEngine(): Engine {
  return new Engine({ formatters: pageFormatters, cldr: nodeCldrProvider() });
}
