/** The site's file library: images uploaded once, named, described and used anywhere. */
export { registerLibraryRoutes } from './routes.js';
export { LibraryMessages, LibraryPaths } from './schemas.js';
export { addLibraryFile, listLibraryFiles } from './repository.js';
export { libraryNameOf } from './routes.js';
