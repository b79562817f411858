import { FEED_FORMAT_SIGNS, FEED_FORMATS, formatOfFileName, type FeedFormat } from '../../../common/feeds/feed-format';

/** Bytes looked at when neither the content type nor the file name tells the format. */
export const SNIFF_BYTES = 4_096;

/**
 * The upload's format: from the part's content type, else its file name, else its first bytes.
 * Generic content types (application/octet-stream, text/plain) say nothing and fall through.
 * Null when none of the three tells.
 */
export function detectFormat(part: { contentType?: string; fileName: string; firstBytes: Buffer }): FeedFormat | null {
  return byContentType(part.contentType) ?? byFileName(part.fileName) ?? byFirstBytes(part.firstBytes);
}

function byContentType(contentType: string | undefined): FeedFormat | null {
  const type = (contentType ?? '').split(';')[0].trim().toLowerCase();
  return FEED_FORMATS.find((f) => FEED_FORMAT_SIGNS[f].contentTypes.includes(type)) ?? null;
}

function byFileName(fileName: string): FeedFormat | null {
  return formatOfFileName(fileName);
}

/** `[` a JSON array, `{` JSON Lines, `<` XML; else a first line with tabs is TSV, with commas CSV. */
export function byFirstBytes(bytes: Buffer): FeedFormat | null {
  let at = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? 3 : 0;
  while (at < bytes.length && (bytes[at] === 0x20 || bytes[at] === 0x09 || bytes[at] === 0x0a || bytes[at] === 0x0d)) at++;
  if (at >= bytes.length) return null;
  if (bytes[at] === 0x5b) return 'json';
  if (bytes[at] === 0x7b) return 'jsonl';
  if (bytes[at] === 0x3c) return 'gmc_xml';
  const end = bytes.indexOf(0x0a, at);
  const firstLine = bytes.subarray(at, end === -1 ? bytes.length : end);
  if (firstLine.includes(0x09)) return 'gmc_tsv';
  if (firstLine.includes(0x2c)) return 'csv';
  return null;
}
