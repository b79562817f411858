import { SaxesParser } from 'saxes';
import { FileFormatError } from '../parsing/file-format-error';
import { MAX_ELEMENT_BYTES, type RawElement } from '../raw-element';
import type { FeedReader } from './feed-reader';
import { gmcAttributeName, gmcField, gmcProduct } from './gmc-mapping';
import { failedElement, mappedElement } from './mapped-element';
import { Utf8Text } from './utf8-text';

/** Item elements: RSS 2.0 `item`, Atom `entry`. */
const ITEM_TAGS = new Set(['item', 'entry']);
/** Atom's spellings of attributes the GMC feed names otherwise. */
const ATOM_NAMES: Readonly<Record<string, string>> = { summary: 'description' };

/**
 * A Google Merchant Center XML feed (RSS 2.0 or Atom with the `g:` namespace), parsed by saxes: each
 * `item`/`entry` is one element, its direct children its attributes. A document type declaration
 * fails the file before any entity could be used: no DTD is processed and no entity but XML's five
 * and character references is known, so an entity bomb or an external entity is never expanded.
 * XML that is not well-formed fails the file (its structure, not one item, is broken).
 */
export class GmcXmlReader implements FeedReader {
  count = 0;

  /** countOnly: the scan pass counts items (and checks the XML) without mapping them. */
  constructor(private readonly countOnly = false) {}

  async *read(chunks: AsyncIterable<Buffer>): AsyncIterable<RawElement[]> {
    let out: RawElement[] = [];
    let item: { values: Map<string, string[]>; line: number; chars: number; depth: number } | null = null;
    let field: string[] | null = null; // the value being read of a mapped direct child of the item
    let depth = 0;
    const parser = new SaxesParser({ position: true });
    const append = (text: string) => {
      if (item === null || field === null) return;
      item.chars += text.length;
      if (item.chars <= MAX_ELEMENT_BYTES) field[field.length - 1] += text;
    };
    parser.on('doctype', () => {
      throw new FileFormatError(
        'invalid_feed',
        `XML with a document type declaration (line ${parser.line}) is refused: DTDs and entities are never processed`,
        0,
      );
    });
    parser.on('error', (error: Error) => {
      throw new FileFormatError('invalid_feed', `The file is not well-formed XML: ${error.message.slice(0, 200)}`, 0);
    });
    const tags = new TagNames();
    parser.on('opentag', (tag: { name: string; attributes: Record<string, unknown> }) => {
      depth++;
      const known = tags.of(tag.name);
      if (item === null) {
        if (known.item) item = { values: new Map(), line: parser.line, chars: 0, depth };
        return;
      }
      if (depth !== item.depth + 1) return;
      const name = known.attribute;
      if (name === null) return;
      const list = item.values.get(name) ?? [];
      item.values.set(name, list);
      const href = typeof tag.attributes.href === 'string' && name === 'link' ? tag.attributes.href : '';
      list.push(href);
      field = list;
    });
    parser.on('text', append);
    parser.on('cdata', append);
    parser.on('closetag', () => {
      if (item !== null && depth === item.depth + 1) field = null;
      if (item !== null && depth === item.depth) {
        const index = this.count++;
        if (!this.countOnly)
          out.push(
            item.chars > MAX_ELEMENT_BYTES
              ? failedElement(
                  index,
                  `item holds ${item.chars.toLocaleString('en-US')} characters of text; the limit is ${MAX_ELEMENT_BYTES.toLocaleString('en-US')} (256 KiB)`,
                  item.line,
                  0,
                )
              : mappedElement(index, gmcProduct(item.values), item.line, 0),
          );
        item = null;
      }
      depth--;
    });
    const utf8 = new Utf8Text();
    for await (const chunk of chunks) {
      parser.write(utf8.decode(chunk));
      if (out.length > 0) {
        yield out;
        out = [];
      }
    }
    parser.write(utf8.end());
    parser.close();
    if (out.length > 0) yield out;
  }
}

/** What a tag name is to the reader: an item, a mapped GMC attribute (its name), or neither. */
interface TagName {
  item: boolean;
  attribute: string | null;
}

/**
 * Tag names resolved once each: a feed repeats a few dozen names a million times, and resolving one
 * (prefix, Atom spelling, GMC name) was a fifth of the reader's time. At most MAX_TAG_NAMES are kept,
 * so a file of ever-new names costs a resolution per tag, not memory.
 */
class TagNames {
  private static readonly MAX_TAG_NAMES = 1_000;
  private readonly known = new Map<string, TagName>();

  of(tag: string): TagName {
    const cached = this.known.get(tag);
    if (cached !== undefined) return cached;
    const name = gmcAttributeName(Object.hasOwn(ATOM_NAMES, tag) ? ATOM_NAMES[tag] : tag);
    const resolved = {
      item: ITEM_TAGS.has(tag.replace(/^[^:]*:(?=(item|entry)$)/, '')),
      attribute: gmcField(name) === undefined ? null : name,
    };
    if (this.known.size < TagNames.MAX_TAG_NAMES) this.known.set(tag, resolved);
    return resolved;
  }
}
