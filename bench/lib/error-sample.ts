import type { CatalogManifest } from '../../tools/harness/generate-catalog';

/** First page of GET /imports/{id}/errors: do its indices match the generator's invalid elements, and what messages. */
export function summariseErrors(page: unknown, manifest: CatalogManifest): Record<string, unknown> {
  if (!page || typeof page !== 'object' || 'error' in page) return { error: (page as { error?: string })?.error ?? 'no page' };
  const data = (page as { data: { index: number; errors: { field: string; message: string }[] }[] }).data;
  const expectedIndices = manifest.invalid_indices.slice(0, data.length);
  const messages = new Map<string, number>();
  for (const row of data)
    for (const e of row.errors)
      messages.set(`${e.field || '(element)'}: ${e.message}`, (messages.get(`${e.field || '(element)'}: ${e.message}`) ?? 0) + 1);
  return {
    first_page_rows: data.length,
    indices_match_generator: JSON.stringify(data.map((r) => r.index)) === JSON.stringify(expectedIndices),
    messages: Object.fromEntries([...messages].sort((a, b) => b[1] - a[1]).slice(0, 12)),
  };
}
