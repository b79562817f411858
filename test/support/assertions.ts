/** The one error body of the API: exactly {"error": {"type", "message"}}, as JSON. */
export function expectErrorShape(
  actual: { status: number; headers: Record<string, string | string[] | undefined>; text: string },
  status: number,
  type: string,
): string {
  const summary = `${actual.status} ${actual.text.slice(0, 300)}`;
  expect({ status: actual.status, summary }).toEqual({ status, summary: expect.any(String) });
  expect(String(actual.headers['content-type'])).toMatch(/^application\/json/);
  const body = JSON.parse(actual.text) as unknown;
  expect(body).toEqual({ error: { type, message: expect.any(String) } });
  const message = (body as { error: { message: string } }).error.message;
  expect(message.length).toBeGreaterThan(0);
  // No stack frames, source paths or SQL in what a client sees.
  expect(message).not.toMatch(/\n\s+at |\.[jt]s:\d+|node_modules|\bSELECT\b|\bINSERT INTO\b|QueryFailedError/);
  return message;
}

/** The nine fields of an ImportJob, sorted. */
export const IMPORT_JOB_FIELDS = [
  'completed_at',
  'failed_count',
  'indexed_count',
  'job_id',
  'progress',
  'skipped_count',
  'started_at',
  'status',
  'total',
];
