import { Injectable } from '@nestjs/common';
import { randomUUID } from 'node:crypto';
import { Client, type Notification } from 'pg';
import { AppConfig } from '../../common/config/app-config';
import { CREDENTIALS_APPLIED_CHANNEL, LISTENER_APPLICATION_NAME } from './credentials-channel';

/** How long a change waits for every API process to confirm; a silent one is bounded by TOKEN_CACHE_TTL_MS anyway. */
const CONFIRM_TIMEOUT_MS = 2_000;

/**
 * Makes "revoked" mean refused on the next request, not a few milliseconds later: the change is
 * committed (with its NOTIFY) and the call returns only once every API process that was
 * listening has dropped the affected tokens from its cache and said so, or after
 * CONFIRM_TIMEOUT_MS. Processes that connect later clear their whole cache when they do.
 */
@Injectable()
export class CredentialsAnnouncerService {
  constructor(private readonly config: AppConfig) {}

  /**
   * Runs `change` (which must NOTIFY with the given nonce, or return null when it changed nothing)
   * and waits for the listeners' confirmations.
   */
  async announce<T>(change: (nonce: string) => Promise<T | null>): Promise<{ result: T | null; confirmed: boolean }> {
    const nonce = randomUUID();
    const client = new Client({ connectionString: this.config.databaseUrl, connectionTimeoutMillis: 5_000 });
    client.on('error', () => undefined); // a lost confirmation connection only costs the wait
    try {
      await client.connect();
      let confirmations = 0;
      let confirmedAll!: () => void;
      const allConfirmed = new Promise<void>((resolve) => (confirmedAll = resolve));
      let expected = Infinity;
      client.on('notification', (message: Notification) => {
        if (message.channel === CREDENTIALS_APPLIED_CHANNEL && message.payload === nonce && ++confirmations >= expected) confirmedAll();
      });
      await client.query(`LISTEN ${CREDENTIALS_APPLIED_CHANNEL}`);
      // Counted before the change: a listener that connects after it clears its cache on connecting.
      const [{ n }] = (
        await client.query<{ n: string }>(
          'SELECT count(*) AS n FROM pg_stat_activity WHERE application_name = $1 AND datname = current_database()',
          [LISTENER_APPLICATION_NAME],
        )
      ).rows;
      const result = await change(nonce);
      if (result === null) return { result, confirmed: true };
      expected = Number(n);
      if (confirmations >= expected) confirmedAll();
      let timer: NodeJS.Timeout | undefined;
      const timedOut = new Promise<false>((resolve) => (timer = setTimeout(() => resolve(false), CONFIRM_TIMEOUT_MS)));
      const confirmed = await Promise.race([allConfirmed.then(() => true as const), timedOut]);
      clearTimeout(timer);
      return { result, confirmed };
    } finally {
      await client.end().catch(() => undefined);
    }
  }
}
