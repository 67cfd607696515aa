/** Browser-safe CLDR setup (the Node pack loader is `./node`, imported only by Node entry points). */
export { createCldrProvider, languageOf, type PackLoader } from './framework.js';
