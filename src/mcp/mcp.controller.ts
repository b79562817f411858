import { All, Controller, Post, Req, Res } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { StreamableHTTPServerTransport } from '@modelcontextprotocol/sdk/server/streamableHttp.js';
import type { Request, Response } from 'express';
import { CurrentPrincipal } from '../auth/decorators/current-principal.decorator';
import { RequireScopes } from '../auth/decorators/require-scopes.decorator';
import type { Principal } from '../auth/principal';
import { AccountRateLimitService } from '../auth/rate-limit/account-rate-limit.service';
import { ApiError } from '../common/errors/api-error';
import { BoundsItsOwnReads } from '../reads/bounded-read.interceptor';
import { ReadBudgetService } from '../reads/read-budget.service';
import { McpServerFactory } from './mcp-server.factory';
import { readMcpBody } from './mcp-request-body';
import { boundToolCalls } from './tool-call-bounds';

/**
 * {base_url}/mcp — Model Context Protocol over Streamable HTTP, stateless: every POST gets a fresh
 * server and transport, so any API process can answer any request. The route carries the same
 * guards as REST (Basic auth → scope → per-account rate limit), which run before the body is read.
 * Then: the body is bounded (64 KiB, batches of at most 10, each message one more hit of the rate
 * limit) and every tool call is a read under the caller's read budget (boundToolCalls); a client
 * gone before its answer has its running call cancelled, statement included.
 */
@ApiExcludeController() // JSON-RPC, described in docs/agents.md, not in the REST document
@Controller('mcp')
@RequireScopes('accounts--my:ro')
@BoundsItsOwnReads()
export class McpController {
  constructor(
    private readonly servers: McpServerFactory,
    private readonly rateLimit: AccountRateLimitService,
    private readonly reads: ReadBudgetService,
  ) {}

  @Post()
  async handle(@CurrentPrincipal() principal: Principal, @Req() request: Request, @Res() response: Response): Promise<void> {
    const { body, messages } = await readMcpBody(request);
    await this.rateLimit.consume(principal.accountId, messages - 1); // the guard counted the first
    const server = this.servers.create(principal);
    // JSON answers rather than an SSE stream: every tool answers in one message.
    const transport = new StreamableHTTPServerTransport({ sessionIdGenerator: undefined, enableJsonResponse: true });
    await server.connect(transport);
    const bounds = boundToolCalls(transport, this.reads, principal);
    response.on('close', () => {
      bounds.done();
      void transport.close();
      void server.close();
    });
    await transport.handleRequest(request, response, body);
  }

  /** Stateless: no server-initiated stream to GET and no session to DELETE. */
  @All()
  notAllowed(@Res() response: Response): void {
    const error = new ApiError(405, 'bad_request', 'Method not allowed: this MCP endpoint is stateless, use POST');
    response.status(405).set('Allow', 'POST').json(error.getResponse());
  }
}
