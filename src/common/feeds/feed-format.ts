/** The file formats an upload may hold; stored on the job (import_jobs.format). */
export const FEED_FORMATS = ['json', 'jsonl', 'csv', 'gmc_tsv', 'gmc_xml'] as const;
export type FeedFormat = (typeof FEED_FORMATS)[number];

/** How each format is named to a client: part content types and file name endings that select it. */
export const FEED_FORMAT_SIGNS: Readonly<
  Record<FeedFormat, { label: string; contentTypes: readonly string[]; extensions: readonly string[] }>
> = {
  json: { label: 'JSON array', contentTypes: ['application/json'], extensions: ['.json'] },
  jsonl: {
    label: 'JSON Lines',
    contentTypes: ['application/x-ndjson', 'application/jsonl', 'application/x-jsonlines'],
    extensions: ['.jsonl', '.ndjson'],
  },
  csv: { label: 'CSV', contentTypes: ['text/csv'], extensions: ['.csv'] },
  gmc_tsv: { label: 'Google Merchant Center TSV', contentTypes: ['text/tab-separated-values'], extensions: ['.tsv', '.txt'] },
  gmc_xml: {
    label: 'Google Merchant Center XML (RSS 2.0 or Atom)',
    contentTypes: ['application/xml', 'text/xml', 'application/rss+xml', 'application/atom+xml'],
    extensions: ['.xml'],
  },
};

/** The sentence an undetectable upload is answered with. */
export function acceptedFormatsText(): string {
  return Object.values(FEED_FORMAT_SIGNS)
    .map((s) => `${s.label} (${[...s.contentTypes.slice(0, 2), ...s.extensions.map((e) => `*${e}`)].join(', ')})`)
    .join('; ');
}

/** The format a file name's ending names, or null (clients use it to send the right content type). */
export function formatOfFileName(fileName: string): FeedFormat | null {
  const name = fileName.toLowerCase();
  return FEED_FORMATS.find((f) => FEED_FORMAT_SIGNS[f].extensions.some((e) => name.endsWith(e))) ?? null;
}
