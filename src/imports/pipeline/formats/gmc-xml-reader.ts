import { SaxesParser } from 'saxes';
import { FileFormatError } from '../parsing/file-format-error';
import { MAX_ELEMENT_BYTES, type RawElement } from '../raw-element';
import type { FeedReader } from './feed-reader';
import { gmcAttributeName, gmcProduct, gmcSlot, GmcValues } from './gmc-mapping';
import { failedElement, mappedElement } from './mapped-element';
import { Utf8Text } from './utf8-text';
import { isLanguageTag } from '../../../common/languages/language-tag';

/** The longest text read as a feed's declared language (a BCP 47 tag is at most 35 characters). */
const DECLARED_LANGUAGE_MAX = 64;

/** Item elements: RSS 2.0 `item`, Atom `entry`. */
const ITEM_TAGS = new Set(['item', 'entry']);
/** Atom's spellings of attributes the GMC feed names otherwise. */
const ATOM_NAMES: Readonly<Record<string, string>> = { summary: 'description' };

/**
 * Characters the upload's count lets pass without a tag opening or closing: saxes holds a text node,
 * comment or attribute value whole until it ends, and the API must not hold 50 MiB of one for each
 * upload. Past it the count is left to the worker (whose scan reads the file again).
 */
export const UPLOAD_COUNT_MAX_STRETCH = 1_048_576;

type Item = { line: number; chars: number; depth: number };

/**
 * A Google Merchant Center XML feed (RSS 2.0 or Atom with the `g:` namespace), parsed by saxes: each
 * `item`/`entry` is one element, its direct children its attributes. A document type declaration
 * fails the file before any entity could be used: no DTD is processed and no entity but XML's five
 * and character references is known, so an entity bomb or an external entity is never expanded.
 * XML that is not well-formed fails the file (its structure, not one item, is broken).
 */
export class GmcXmlReader implements FeedReader {
  count = 0;
  private out: RawElement[] = [];
  private item: Item | null = null;
  /** The open item's values (one item is open at a time). */
  private readonly values = new GmcValues();
  private field: string[] | null = null; // the value being read of a mapped direct child of the item
  private depth = 0;
  /** Where the last tag opened or closed (saxes's character position, read in its handlers). */
  private lastTag = 0;
  /** The most characters between the ends of two consecutive tags so far. */
  private longestGap = 0;
  /** Characters written to saxes (its own `position` is a chunk ahead between writes). */
  private written = 0;
  private readonly utf8 = new Utf8Text();
  private readonly tags = new TagNames();
  private readonly parser = new SaxesParser({ position: true });
  /**
   * The language the feed declares for its items: RSS 2.0's channel `<language>`, or an `xml:lang`
   * on the root or channel (Atom's way). Given to each item that names none (a product's own
   * `language`); null until declared, or when it is no BCP 47 tag (then ignored).
   */
  private declared: string | null = null;
  /** The text of the channel's `<language>` while it is read. */
  private languageText: string | null = null;

  /**
   * countOnly: the scan pass counts items (and checks the XML) without mapping them.
   * declaredLanguage: apply the feed's declared language (false when the upload named one: it wins).
   */
  constructor(
    private readonly countOnly = false,
    private readonly declaredLanguage = true,
  ) {
    const parser = this.parser;
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
    parser.on('opentag', (tag) => this.open(tag));
    parser.on('text', (text) => this.append(text));
    parser.on('cdata', (text) => this.append(text));
    parser.on('closetag', () => this.close());
  }

  async *read(chunks: AsyncIterable<Buffer>): AsyncIterable<RawElement[]> {
    for await (const chunk of chunks) {
      const elements = this.push(chunk);
      if (elements.length > 0) yield elements;
    }
    const last = this.end();
    if (last.length > 0) yield last;
  }

  /** The elements of the items that end in `chunk`; throws FileFormatError when the file is not a feed. */
  push(chunk: Buffer): RawElement[] {
    const text = this.utf8.decode(chunk);
    this.written += text.length;
    this.parser.write(text);
    return this.taken();
  }

  /** The elements of the file's last items, once it has all been pushed. */
  end(): RawElement[] {
    this.parser.write(this.utf8.end());
    this.parser.close();
    return this.taken();
  }

  /**
   * The most characters read without a tag opening or closing (what saxes held, or holds, of one
   * text node, comment or attribute value): between two tags, or since the last one. Exact however
   * the file was cut into chunks, so one pushed whole is judged as one pushed in pieces.
   */
  get stretch(): number {
    return Math.max(this.longestGap, this.written - this.lastTag);
  }

  private taken(): RawElement[] {
    const out = this.out;
    this.out = [];
    return out;
  }

  private open(tag: { name: string; attributes: Record<string, unknown> }): void {
    this.depth++;
    this.tagEnded();
    const known = this.tags.of(tag.name);
    if (this.item === null) {
      if (this.declaredLanguage && !this.countOnly && this.depth <= 3) this.openOutsideItems(tag);
      if (known.item) {
        this.item = { line: this.parser.line, chars: 0, depth: this.depth };
        this.values.clear();
      }
      return;
    }
    if (this.countOnly || this.depth !== this.item.depth + 1 || known.slot < 0) return;
    const href = known.link && typeof tag.attributes.href === 'string' ? tag.attributes.href : '';
    this.field = this.values.add(known.slot, href);
  }

  private tagEnded(): void {
    const at = this.parser.position;
    if (at - this.lastTag > this.longestGap) this.longestGap = at - this.lastTag;
    this.lastTag = at;
  }

  /** The root, the channel and the channel's `<language>`: where a feed declares its language. */
  private openOutsideItems(tag: { name: string; attributes: Record<string, unknown> }): void {
    const lang = tag.attributes['xml:lang'];
    if (this.depth <= 2 && typeof lang === 'string') this.declare(lang);
    if (this.depth === 3 && tag.name === 'language') this.languageText = '';
  }

  private declare(text: string): void {
    const tag = text.trim();
    this.declared = isLanguageTag(tag) ? tag : this.declared;
  }

  private append(text: string): void {
    if (this.languageText !== null && this.languageText.length < DECLARED_LANGUAGE_MAX) this.languageText += text;
    const { item, field } = this;
    if (item === null || field === null) return;
    item.chars += text.length;
    if (item.chars <= MAX_ELEMENT_BYTES) field[field.length - 1] += text;
  }

  private close(): void {
    this.tagEnded();
    if (this.languageText !== null && this.depth === 3) {
      this.declare(this.languageText);
      this.languageText = null;
    }
    const item = this.item;
    if (item !== null && this.depth === item.depth + 1) this.field = null;
    if (item !== null && this.depth === item.depth) {
      const index = this.count++;
      if (!this.countOnly)
        this.out.push(
          item.chars > MAX_ELEMENT_BYTES
            ? failedElement(
                index,
                `item holds ${item.chars.toLocaleString('en-US')} characters of text; the limit is ${MAX_ELEMENT_BYTES.toLocaleString('en-US')} (256 KiB)`,
                item.line,
                0,
              )
            : mappedElement(index, this.product(), item.line, 0),
        );
      this.item = null;
    }
    this.depth--;
  }

  /** The open item's product, in the feed's declared language unless it names one (a GMC feed's items do not). */
  private product(): Record<string, unknown> {
    const product = gmcProduct(this.values);
    if (this.declared !== null && product.language === undefined) product.language = this.declared;
    return product;
  }
}

/** What a tag name is to the reader: an item, a mapped GMC attribute (its slot), or neither (-1). */
interface TagName {
  tag: string;
  item: boolean;
  slot: number;
  /** The GMC `link` attribute: Atom writes its URL in an `href` attribute. */
  link: boolean;
  /** The tag that opened after this one last time: feeds repeat one sequence of tags per item. */
  next: TagName | null;
  /** Held by TagNames (only those are linked as `next`, so a file of ever-new names builds no chain). */
  kept: boolean;
}

/**
 * Tag names resolved once each: a feed repeats a few dozen names a million times, and resolving one
 * (prefix, Atom spelling, GMC name) was a fifth of the reader's time. The tag that followed the
 * previous one last time is tried first (a string comparison; a map lookup hashes the new name).
 * At most MAX_TAG_NAMES are kept, so a file of ever-new names costs a resolution per tag, not memory.
 */
class TagNames {
  private static readonly MAX_TAG_NAMES = 1_000;
  private readonly known = new Map<string, TagName>();
  private previous: TagName | null = null;

  of(tag: string): TagName {
    const guess = this.previous?.next;
    const resolved = guess?.tag === tag ? guess : (this.known.get(tag) ?? this.resolve(tag));
    if (this.previous !== null && resolved.kept) this.previous.next = resolved;
    this.previous = resolved;
    return resolved;
  }

  private resolve(tag: string): TagName {
    const name = gmcAttributeName(Object.hasOwn(ATOM_NAMES, tag) ? ATOM_NAMES[tag] : tag);
    const resolved = {
      tag,
      item: ITEM_TAGS.has(tag.replace(/^[^:]*:(?=(item|entry)$)/, '')),
      slot: gmcSlot(name),
      link: name === 'link',
      next: null,
      kept: this.known.size < TagNames.MAX_TAG_NAMES,
    };
    if (resolved.kept) this.known.set(tag, resolved);
    return resolved;
  }
}
