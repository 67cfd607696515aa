/** An element of a parsed XML document. */
export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlElement[];
  /** Decoded text directly inside the element. */
  text: string;
}

const ENTITY = /&(?:(amp|lt|gt|quot|apos)|#(\d+)|#x([0-9a-fA-F]+));/g;
const NAMED: Readonly<Record<string, string>> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = '[A-Za-z_][A-Za-z0-9_.:-]*';
const TAG = new RegExp(`^<(/?)(${NAME})((?:\\s+${NAME}\\s*=\\s*(?:"[^"<]*"|'[^'<]*'))*)\\s*(/?)>$`);
const ATTRIBUTE = new RegExp(`(${NAME})\\s*=\\s*(?:"([^"<]*)"|'([^'<]*)')`, 'g');

function decode(text: string, where: string): string {
  const stray = text.replace(ENTITY, '').indexOf('&');
  if (stray !== -1) throw new SyntaxError(`Unescaped '&' in ${where}`);
  return text.replace(ENTITY, (_m, named: string | undefined, dec: string | undefined, hex: string | undefined) =>
    named ? NAMED[named]! : String.fromCodePoint(dec ? Number(dec) : parseInt(hex!, 16)),
  );
}

/**
 * A strict, small XML 1.0 well-formedness parser for our generated documents (no DTD, no
 * comments, no processing instructions except the declaration, CDATA not supported): throws a
 * SyntaxError on mismatched tags, unquoted attributes, stray `&` or `<`, or text outside the root.
 */
export function parseXml(xml: string): XmlElement {
  let rest = xml.replace(/^<\?xml\s+version="1\.0"(?:\s+encoding="[^"]+")?\s*\?>/, '');
  const stack: XmlElement[] = [];
  let root: XmlElement | undefined;
  while (rest.length) {
    const lt = rest.indexOf('<');
    const text = lt === -1 ? rest : rest.slice(0, lt);
    if (text) {
      const top = stack[stack.length - 1];
      if (!top) {
        if (text.trim()) throw new SyntaxError('Text outside the root element');
      } else top.text += decode(text, `<${top.name}>`);
    }
    if (lt === -1) break;
    const gt = rest.indexOf('>', lt);
    if (gt === -1) throw new SyntaxError('Unterminated tag');
    const tag = rest.slice(lt, gt + 1);
    rest = rest.slice(gt + 1);
    const match = TAG.exec(tag);
    if (!match) throw new SyntaxError(`Malformed tag ${tag}`);
    const [, closing, name, attrs, selfClosing] = match;
    if (closing) {
      const open = stack.pop();
      if (!open || open.name !== name || attrs || selfClosing) throw new SyntaxError(`Unexpected </${name}>`);
      continue;
    }
    if (root && stack.length === 0) throw new SyntaxError('More than one root element');
    const element: XmlElement = { name: name!, attributes: {}, children: [], text: '' };
    for (const a of attrs!.matchAll(ATTRIBUTE)) {
      if (a[1]! in element.attributes) throw new SyntaxError(`Duplicate attribute ${a[1]}`);
      element.attributes[a[1]!] = decode(a[2] ?? a[3] ?? '', `attribute ${a[1]}`);
    }
    stack[stack.length - 1]?.children.push(element);
    root ??= element;
    if (!selfClosing) stack.push(element);
  }
  if (stack.length) throw new SyntaxError(`Unclosed <${stack[stack.length - 1]!.name}>`);
  if (!root) throw new SyntaxError('No root element');
  return root;
}

/** Every descendant element with the given name, in document order. */
export function findAll(element: XmlElement, name: string): XmlElement[] {
  const found: XmlElement[] = [];
  for (const child of element.children) {
    if (child.name === name) found.push(child);
    found.push(...findAll(child, name));
  }
  return found;
}
