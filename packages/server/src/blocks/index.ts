/** The block kinds of page layouts: their schemas (by the spec's block-type numbers), cleaning on save, and the fields their templates render. */
export * from '../block-kinds/index.js';
export { cleanBlocks, cleanEmbedHtml, isRawBlock, type BlockCleaning } from './clean-blocks.js';
export { blockRenderFields } from './render/render-fields.js';
export { markdownHtml } from './render/markdown.js';
export { withGridRows } from './render/grid-fields.js';
export { archiveOf, tagCloudOf, type PostSummary } from './render/blog-fields.js';
export { registerBlockRoutes } from './block-routes.js';
export { blockFieldProblem, blockFieldRulesOf, type BlockFieldRule } from './block-field-rules.js';
