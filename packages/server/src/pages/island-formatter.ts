import { isIslandName, renderIsland } from '@emporium/storefront';
import { table, type Formatter, type FormatterTable } from '@emporium/template';
import { islandIdsOf } from './island-ids.js';

/**
 * `{props|island Name}`: server-renders the storefront island `Name` with `props` (a JSON
 * object from the context) as `<div data-island="Name" data-props="…" data-island-id="n">…</div>`,
 * the markup the browser bundle hydrates. Each island of a page gets the next id of the page's
 * {@link islandIdsOf id source}, so element ids from `useId` never repeat on the page. An
 * unknown island or a render failure records a template error and prints nothing.
 */
export const islandFormatter: Formatter = {
  apply(args, vars, ctx) {
    const first = vars[0];
    if (!first) return;
    const name = args[0] ?? '';
    if (!isIslandName(name)) {
      ctx.error(`Unknown island '${name}'`);
      first.set('');
      return;
    }
    const props = first.value;
    if (!props || typeof props !== 'object' || Array.isArray(props)) {
      ctx.error(`Island '${name}' needs an object of props`);
      first.set('');
      return;
    }
    try {
      first.set(renderIsland(name, props as Record<string, unknown>, islandIdsOf(ctx).next()));
    } catch (error) {
      ctx.error(`Island '${name}' failed to render: ${error instanceof Error ? error.message : String(error)}`);
      first.set('');
    }
  },
};

/** The page module's own formatters. */
export const pageFormatters: FormatterTable = table({ island: islandFormatter });
