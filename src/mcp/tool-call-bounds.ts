import type { Transport } from '@modelcontextprotocol/sdk/shared/transport.js';
import { isJSONRPCRequest, type JSONRPCMessage, type MessageExtraInfo, type RequestId } from '@modelcontextprotocol/sdk/types.js';
import type { ReadScope } from '../database/read-scope/read-scope';
import type { ReadBudgetService, Reader } from '../reads/read-budget.service';
import { READ_RETRY_AFTER_SECONDS } from '../reads/read-budget.service';
import { calledTool, REPLICA_TOOLS } from './replica-tools';

/** JSON-RPC's range for server errors; the message and `data.retry_after_seconds` say what to do. */
const SERVER_ERROR = -32000;

interface Running {
  id: RequestId;
  release: () => void;
  scope: ReadScope;
}

/**
 * Puts an MCP request's tool calls under the caller's read budget, on its transport (after
 * server.connect): the calls of one POST run one after another, each holding a read slot (per
 * account, organization and process) and running in its own ReadScope (one connection, READ ONLY,
 * READ_STATEMENT_TIMEOUT_MS; a catalog tool, REPLICA_TOOLS, may read on a streaming replica). A call that finds no free slot waits for one up to READ_WAIT_MS (as a REST read
 * does), then is answered with a JSON-RPC error asking to retry; answers are refused (JSON-RPC error) once the request's answers would pass
 * READ_RESPONSE_MAX_BYTES. Other messages (initialize, tools/list…) pass untouched. `done` (client
 * gone) aborts the running call: its statement is cancelled, its later queries refused, and its
 * slot given back only once its connection is back.
 */
export function boundToolCalls(transport: Transport, budget: ReadBudgetService, reader: Reader): { done: () => void } {
  const deliver = transport.onmessage;
  const send = transport.send.bind(transport);
  if (!deliver) throw new Error('boundToolCalls needs a connected transport');
  const waiting: Array<{ message: JSONRPCMessage & { id: RequestId }; extra?: MessageExtraInfo }> = [];
  let running: Running | undefined;
  let acquiring = false;
  let bytesSent = 0;
  let closed = false;
  const gone = new AbortController();

  /** Gives the call's connection back (aborting its work when the client is gone), then its slot. */
  const finish = (call: Running, abort = false): Promise<void> =>
    (abort ? call.scope.abort() : call.scope.close()).catch(() => undefined).finally(call.release);

  /** Starts the next call once it has a slot (waiting up to READ_WAIT_MS for one, like a REST read). */
  const startNext = () => {
    if (running || acquiring || closed || waiting.length === 0) return;
    const { message, extra } = waiting.shift()!;
    acquiring = true;
    void budget.waitForSlot(reader, gone.signal).then((release) => {
      acquiring = false;
      if (typeof release !== 'function') {
        if (!closed) void send(errorAnswer(message.id, budget.busyMessage(release), { retry_after_seconds: READ_RETRY_AFTER_SECONDS }));
      } else if (closed) {
        release();
      } else {
        const tool = calledTool(message);
        const scope = budget.openScope(
          tool !== undefined && REPLICA_TOOLS.has(tool) ? { organizationId: reader.organizationId } : undefined,
        );
        running = { id: message.id, release, scope };
        scope.run(() => deliver(message, extra));
        return;
      }
      startNext();
    });
  };

  transport.onmessage = (message, extra) => {
    if (!isJSONRPCRequest(message) || message.method !== 'tools/call') return deliver(message, extra);
    waiting.push({ message, extra });
    startNext();
  };

  transport.send = async (message, options) => {
    const id = (message as { id?: RequestId }).id;
    if (running && id !== undefined && id === running.id && !('method' in message)) {
      // The next call starts once this one's connection and slot are back: one at a time per request.
      const call = running;
      void finish(call).then(() => {
        if (running === call) running = undefined;
        startNext();
      });
    }
    return send(capped(message), options);
  };

  /** The message, or an error in its place when the request's answers would pass the limit. */
  const capped = (message: JSONRPCMessage): JSONRPCMessage => {
    if (!('result' in message)) return message;
    const bytes = Buffer.byteLength(JSON.stringify(message));
    if (bytesSent + bytes <= budget.responseMaxBytes) {
      bytesSent += bytes;
      return message;
    }
    return errorAnswer(message.id, budget.tooLargeMessage(bytesSent + bytes));
  };

  return {
    done: () => {
      closed = true;
      gone.abort();
      waiting.length = 0;
      if (running) void finish(running, true);
      running = undefined;
    },
  };
}

function errorAnswer(id: RequestId, message: string, data?: Record<string, unknown>): JSONRPCMessage {
  return { jsonrpc: '2.0', id, error: { code: SERVER_ERROR, message, ...(data ? { data } : {}) } };
}
