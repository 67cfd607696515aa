/**
 * Node entry point: the engine plus CLDR data loaded from `@phensley/cldr`'s
 * resource packs on disk. Browser code imports the main entry instead.
 */
import { Engine, type EngineOptions } from './engine.js';
import { nodeCldrProvider } from './cldr/node.js';

export * from './index.js';
export { nodeCldrProvider, packDirectory } from './cldr/node.js';

/** An engine with CLDR loaded from disk (plus any other options). */
export function createNodeEngine(options: EngineOptions = {}): Engine {
  return new Engine({ cldr: nodeCldrProvider(), ...options });
}
