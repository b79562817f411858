import { Injectable, Logger, type OnApplicationBootstrap, type OnApplicationShutdown } from '@nestjs/common';
import { Client, type Notification } from 'pg';
import { AppConfig } from '../../common/config/app-config';
import { TokenVerifierService } from '../token-verifier.service';
import { CredentialsMetricsService } from './credentials-metrics.service';
import { CREDENTIALS_APPLIED_CHANNEL, CREDENTIALS_CHANNEL, LISTENER_APPLICATION_NAME, parseCredentialsChange } from './credentials-channel';

const FIRST_RETRY_MS = 500;
const MAX_RETRY_MS = 30_000;

/**
 * Keeps one PostgreSQL connection LISTENing for token and account changes (sent by the admin CLI
 * inside the transaction that makes them), drops the matching cached tokens at once and confirms
 * it to the waiting CLI (see CredentialsAnnouncerService).
 *
 * PostgreSQL rather than Redis pub/sub: the CLI only talks to PostgreSQL, and a NOTIFY issued in
 * the changing transaction is delivered if and only if that transaction commits — no window where
 * the change is stored but never announced. When the connection drops, notifications may be
 * missed: the cache is cleared on reconnect, and until then TOKEN_CACHE_TTL_MS bounds staleness.
 */
@Injectable()
export class CredentialsListenerService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger(CredentialsListenerService.name);
  private client?: Client;
  private retryTimer?: NodeJS.Timeout;
  private reloadTimer?: NodeJS.Timeout;
  private retryMs = FIRST_RETRY_MS;
  private stopped = false;
  private isUp = false;

  constructor(
    private readonly verifier: TokenVerifierService,
    private readonly config: AppConfig,
    private readonly metrics: CredentialsMetricsService,
  ) {}

  /** True while LISTEN is in place (boot waits for the first attempt). */
  get listening(): boolean {
    return this.isUp;
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.connect();
    // Catches what no notification announced (tokens expiring, rows written by hand).
    this.reloadTimer = setInterval(() => void this.reloadLiveTokens(), this.config.authLiveTokensReloadSeconds * 1000);
    this.reloadTimer.unref();
  }

  async onApplicationShutdown(): Promise<void> {
    this.stopped = true;
    clearTimeout(this.retryTimer);
    clearInterval(this.reloadTimer);
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => undefined);
  }

  private async connect(): Promise<void> {
    if (this.stopped) return;
    const client = new Client({
      connectionString: this.config.databaseUrl,
      application_name: LISTENER_APPLICATION_NAME,
      connectionTimeoutMillis: 5_000,
      keepAlive: true,
    });
    this.client = client;
    client.on('notification', (message) => this.onNotification(client, message));
    client.on('error', (error) => this.lost(client, error));
    client.on('end', () => this.lost(client));
    try {
      await client.connect();
      await client.query(`LISTEN ${CREDENTIALS_CHANNEL}`);
    } catch (error) {
      this.lost(client, error as Error);
      return;
    }
    if (this.client !== client) return;
    // Changes made while no one was listening were never seen: nothing cached can be trusted.
    this.verifier.forgetAll();
    await this.reloadLiveTokens();
    this.isUp = true;
    this.metrics.listenerUp.set(1);
    this.retryMs = FIRST_RETRY_MS;
  }

  private async reloadLiveTokens(): Promise<void> {
    await this.verifier.reloadKnownTokens().catch((error: Error) => this.logger.warn(`live tokens not reloaded: ${error.message}`));
  }

  private onNotification(client: Client, message: Notification): void {
    if (message.channel !== CREDENTIALS_CHANNEL) return;
    const change = parseCredentialsChange(message.payload);
    if (change === null) this.verifier.forgetAll();
    else if ('newToken' in change) this.verifier.learnToken(change.newToken);
    else if ('tokenId' in change) this.verifier.forgetToken(change.tokenId);
    else this.verifier.forgetAccount(change.accountId);
    // Tell the admin command waiting on this change that this process no longer trusts the old rows.
    if (change?.nonce) client.query('SELECT pg_notify($1, $2)', [CREDENTIALS_APPLIED_CHANNEL, change.nonce]).catch(() => undefined);
  }

  private lost(client: Client, error?: Error): void {
    if (this.client !== client) return; // this connection was already given up
    this.client = undefined;
    this.isUp = false;
    this.metrics.listenerUp.set(0);
    client.removeAllListeners('notification');
    client.on('error', () => undefined);
    client.end().catch(() => undefined);
    if (this.stopped) return;
    this.logger.warn(`Not listening for credential changes (${error?.message ?? 'connection ended'}); retrying in ${this.retryMs} ms`);
    this.retryTimer = setTimeout(() => void this.connect(), this.retryMs);
    this.retryMs = Math.min(this.retryMs * 2, MAX_RETRY_MS);
  }
}
