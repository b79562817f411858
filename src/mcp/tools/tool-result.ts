import { Logger } from '@nestjs/common';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { ApiError } from '../../common/errors/api-error';
import { isUnavailableError } from '../../common/errors/connection-errors';

const logger = new Logger('McpTools');

/**
 * Runs a tool body and shapes its answer: the object as `structuredContent` plus the same JSON as
 * text (for clients that read only `content`). A failure is a tool result with `isError: true`
 * and a message an agent can act on — never a JSON-RPC error and never internals.
 */
export async function toolResult(run: () => Promise<object>): Promise<CallToolResult> {
  try {
    const structured = (await run()) as Record<string, unknown>;
    return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
  } catch (error) {
    return { content: [{ type: 'text', text: messageOf(error) }], isError: true };
  }
}

export function toolError(message: string): CallToolResult {
  return { content: [{ type: 'text', text: message }], isError: true };
}

function messageOf(error: unknown): string {
  if (error instanceof ApiError) return (error.getResponse() as { error: { message: string } }).error.message;
  if (isUnavailableError(error)) return 'A backing service is unavailable; retry shortly';
  logger.error(error instanceof Error ? error.stack : String(error));
  return 'An unexpected error occurred';
}
