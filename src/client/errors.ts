/** Exit codes of `product-directory`. */
export const EXIT = {
  /** The command did what was asked (for `import --wait`: the job ended `done`). */
  ok: 0,
  /** `import --wait`: the job ended `failed` (the file as a whole could not be imported). */
  jobFailed: 1,
  /** Bad arguments or missing credentials, an error answer of the service, or no answer at all. */
  error: 2,
} as const;

/** Wrong or missing arguments, found before anything was sent. */
export class UsageError extends Error {}

/** The service answered with an error body; `message` is the service's own `error.message`. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    message: string,
  ) {
    super(message);
  }
}

/** No usable answer: connection refused or reset, DNS failure, a body that is not the contract's JSON. */
export class NetworkError extends Error {}

/** The one line printed on stderr for an error that ends the command with exit code 2. */
export function describeError(error: unknown): string {
  if (error instanceof ApiError) return `${error.message} (HTTP ${error.status} ${error.type})`;
  if (error instanceof UsageError || error instanceof NetworkError) return error.message;
  return error instanceof Error ? error.message : String(error);
}
