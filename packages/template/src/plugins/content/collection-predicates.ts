import type { Predicate } from '../../plugin-api.js';
import { CollectionType, FolderBehavior } from './enums.js';
import { asNumber, asString, getPath, getProp, isObject, isTruthy } from './values.js';
import { plainValue } from '../../json-decimal.js';

/** `collection?`: the node has a non-empty `collection`. */
const collection: Predicate = { apply: (_args, ctx) => isTruthy(getProp(ctx.node(), 'collection')) };

/** `collection-page?`: the node's collection is a page. */
const collectionPage: Predicate = {
  apply(_args, ctx) {
    const type = getPath(ctx.node(), ['collection', 'type']);
    return type !== undefined && asNumber(type) === CollectionType.PAGE;
  },
};

/** `collection-template-page?`: the node's collection (or the node itself, when it has none) is a template page. */
const collectionTemplatePage: Predicate = {
  apply(_args, ctx) {
    const node = ctx.node();
    const coll = getProp(node, 'collection');
    const holder = coll === undefined ? node : coll;
    const type = getProp(holder, 'type');
    return type !== undefined && asNumber(type) === CollectionType.TEMPLATE_PAGE;
  },
};

/** `collectionTypeNameEquals? NAME`: the nearest `typeName` equals NAME. */
const collectionTypeNameEquals: Predicate = {
  apply: (args, ctx) => args.length > 0 && asString(ctx.resolve(['typeName'])) === args[0],
};

/** `folder?`: the node's collection is a folder. */
const folder: Predicate = { apply: (_args, ctx) => isTruthy(getPath(ctx.node(), ['collection', 'folder'])) };

/** `index?`: the node's collection is a folder that behaves as an index page. */
const index: Predicate = {
  apply(_args, ctx) {
    const coll = getProp(ctx.node(), 'collection');
    if (!isObject(coll)) return false;
    const behavior = plainValue(getProp(coll, 'folderBehavior'));
    return isTruthy(getProp(coll, 'folder')) && typeof behavior === 'number' && behavior === FolderBehavior.INDEX;
  },
};

/** `clickable?`: the nearest `folderBehavior` is absent, index or redirect. */
const clickable: Predicate = {
  apply(_args, ctx) {
    const behavior = ctx.resolve(['folderBehavior']);
    if (behavior === undefined) return true;
    const code = asNumber(behavior);
    return code === FolderBehavior.INDEX || code === FolderBehavior.REDIRECT;
  },
};

/** `redirect?`: the node's folder behaviour is redirect. */
const redirect: Predicate = {
  apply: (_args, ctx) => asNumber(getProp(ctx.node(), 'folderBehavior')) === FolderBehavior.REDIRECT,
};

/** Predicates about collections and folders. */
export const collectionPredicates: Readonly<Record<string, Predicate>> = Object.freeze({
  'collection?': collection,
  'collection-page?': collectionPage,
  'collection-template-page?': collectionTemplatePage,
  'collectionTypeNameEquals?': collectionTypeNameEquals,
  'folder?': folder,
  'index?': index,
  'clickable?': clickable,
  'redirect?': redirect,
});
