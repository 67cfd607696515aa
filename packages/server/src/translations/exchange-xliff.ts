import { XMLBuilder, XMLParser } from 'fast-xml-parser';
import { exchangeId, readExchangeId, type ExchangedText, type ExchangeReading, type ExportedEntries } from './exchange.js';
import { TranslationMessages as M } from './messages.js';

/** Namespace of XLIFF 1.2 documents. */
export const XLIFF_NAMESPACE = 'urn:oasis:names:tc:xliff:document:1.2';

const builder = new XMLBuilder({ ignoreAttributes: false, attributeNamePrefix: '@_', format: true, suppressEmptyNode: false });
const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@_',
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: false,
  isArray: (name) => name === 'file' || name === 'trans-unit',
});

/** The translations into `language` as one XLIFF 1.2 file: a `trans-unit` per text, the target empty where there is no translation yet. */
export function translationsXliff(site: string, sourceLanguage: string, language: string, entries: ExportedEntries): string {
  const units = entries.map((e) => ({
    '@_id': exchangeId(e),
    '@_resname': e.field,
    source: e.source,
    target:
      e.translation === null
        ? { '@_state': 'new', '#text': '' }
        : { '@_state': e.state === 'stale' ? 'needs-review-translation' : 'translated', '#text': e.translation },
    note: e.label,
  }));
  return builder.build({
    '?xml': { '@_version': '1.0', '@_encoding': 'UTF-8' },
    xliff: {
      '@_version': '1.2',
      '@_xmlns': XLIFF_NAMESPACE,
      file: {
        '@_original': site,
        '@_source-language': sourceLanguage,
        '@_target-language': language,
        '@_datatype': 'plaintext',
        body: { 'trans-unit': units },
      },
    },
  }) as string;
}

function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (value && typeof value === 'object' && !Array.isArray(value)) {
    const text = (value as Record<string, unknown>)['#text'];
    const inner = Object.keys(value).filter((k) => !k.startsWith('@_') && k !== '#text');
    if (inner.length === 0) return typeof text === 'string' ? text : '';
  }
  return undefined;
}

type Node = Record<string, unknown>;

/** Reads an XLIFF 1.2 file of translations. Document type declarations (and so entity definitions) are refused. */
export function readTranslationsXliff(content: string): ExchangeReading {
  if (/<!DOCTYPE|<!ENTITY/i.test(content)) return { ok: false, message: M.XLIFF_DOCTYPE };
  let document: Node;
  try {
    document = parser.parse(content, true) as Node;
  } catch (error) {
    return { ok: false, message: M.UNREADABLE_XLIFF(error instanceof Error ? error.message : String(error)) };
  }
  const xliff = document.xliff as Node | undefined;
  if (!xliff || typeof xliff !== 'object' || xliff['@_version'] !== '1.2') return { ok: false, message: M.NOT_XLIFF };
  const files = (xliff.file as Node[] | undefined) ?? [];
  const languages = new Set(files.map((f) => f['@_target-language']).filter((l): l is string => typeof l === 'string'));
  if (languages.size > 1) return { ok: false, message: M.SEVERAL_LANGUAGES };
  const texts: ExchangedText[] = [];
  for (const file of files) {
    const units = ((file.body as Node | undefined)?.['trans-unit'] as Node[] | undefined) ?? [];
    for (const unit of units) {
      const key = readExchangeId(String(unit['@_id'] ?? ''));
      const translation = textOf(unit.target);
      if (!key || translation === undefined) continue;
      texts.push({ ...key, source: textOf(unit.source), translation });
    }
  }
  return { ok: true, language: [...languages][0], texts };
}
