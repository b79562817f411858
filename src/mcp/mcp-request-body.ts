import type { Request } from 'express';
import { BadRequestError } from '../common/errors/api-error';
import { readJsonBody } from '../common/http/json-body';

/** A request to a catalog tool is a few hundred bytes; 64 KiB leaves room for any real one. */
export const MAX_MCP_BODY_BYTES = 64 * 1024;
/** Messages one POST may carry (a JSON-RPC batch); each counts against the account's rate limit. */
export const MAX_MCP_BATCH = 10;

export interface McpRequestBody {
  body: unknown;
  /** Messages in the body: the batch's length, else 1. */
  messages: number;
}

/**
 * Reads an MCP POST body (after authentication, like every JSON route) within MAX_MCP_BODY_BYTES
 * (413 ErrorResponse, read no further) and refuses batches over MAX_MCP_BATCH or with a request id
 * twice (400): the SDK's own limits (4 MiB, 100 messages run at once) let one POST do a hundred
 * requests' work. What is left to check (JSON-RPC shape, headers) the SDK transport checks.
 */
export async function readMcpBody(request: Request): Promise<McpRequestBody> {
  const body = await readJsonBody(request, MAX_MCP_BODY_BYTES, { arrays: true });
  if (!Array.isArray(body)) return { body, messages: 1 };
  if (body.length > MAX_MCP_BATCH) {
    throw new BadRequestError(`A JSON-RPC batch may hold at most ${MAX_MCP_BATCH} messages (got ${body.length}); send several requests`);
  }
  const ids = body.map((message) => (message as { id?: unknown } | null)?.id).filter((id) => id !== undefined && id !== null);
  if (new Set(ids.map((id) => JSON.stringify(id))).size !== ids.length) {
    throw new BadRequestError('The requests of a JSON-RPC batch must have distinct ids');
  }
  return { body, messages: Math.max(1, body.length) };
}
