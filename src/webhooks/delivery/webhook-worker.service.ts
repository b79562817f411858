import { InjectQueue } from '@nestjs/bull';
import { Injectable, Logger, type BeforeApplicationShutdown } from '@nestjs/common';
import type { Job, Queue } from 'bull';
import { AppConfig } from '../../common/config/app-config';
import { OutboxEventRepository } from '../repositories/outbox-event.repository';
import { OutboxRelayService } from './outbox-relay.service';
import { WebhookDeliveryProcessor } from './webhook-delivery.processor';
import { WEBHOOK_QUEUE, type WebhookQueuePayload } from './webhook-queue.constants';

/** Attempts in flight per process: each mostly waits on a receiver, up to WEBHOOK_TIMEOUT_MS. */
const DELIVERY_CONCURRENCY = 8;
const DAY_MS = 86_400_000;
const PURGE_BATCH = 1_000;

/**
 * Delivers webhooks in this process: binds the processor to the queue, and every
 * WEBHOOK_RELAY_INTERVAL_MS relays new outbox events and re-queues overdue deliveries; outbox
 * events older than IMPORT_RETENTION_DAYS go with the retention sweep's interval. Started where
 * the import worker is (main.ts unless WORKER_ENABLED=false, worker.ts always).
 */
@Injectable()
export class WebhookWorkerService implements BeforeApplicationShutdown {
  private readonly logger = new Logger(WebhookWorkerService.name);
  private timers: NodeJS.Timeout[] = [];
  private started = false;
  private passRunning = false;

  constructor(
    @InjectQueue(WEBHOOK_QUEUE) private readonly queue: Queue<WebhookQueuePayload>,
    private readonly config: AppConfig,
    private readonly processor: WebhookDeliveryProcessor,
    private readonly relay: OutboxRelayService,
    private readonly outbox: OutboxEventRepository,
  ) {}

  async start(): Promise<void> {
    if (this.started) return;
    this.started = true;
    this.queue.on('error', (error) => this.logger.warn(`Webhook queue error: ${error.message}`));
    void this.queue.process(DELIVERY_CONCURRENCY, (job: Job<WebhookQueuePayload>) => this.processor.process(job.data));
    await this.pass();
    this.every(this.config.webhooks.relayIntervalMs, () => this.pass());
    this.every(this.config.worker.retentionIntervalMs, () => this.purge());
  }

  async beforeApplicationShutdown(): Promise<void> {
    for (const timer of this.timers) clearInterval(timer);
    if (!this.started) return;
    await this.queue.close().catch((error: Error) => this.logger.warn(`Webhook queue close: ${error.message}`));
  }

  /** Relay, then sweep; never two passes at once in one process. */
  private async pass(): Promise<void> {
    if (this.passRunning) return;
    this.passRunning = true;
    try {
      await this.relay.relay();
      await this.relay.sweep();
    } catch (error) {
      this.logger.warn(`Webhook relay pass failed: ${(error as Error).message}`);
    } finally {
      this.passRunning = false;
    }
  }

  private async purge(): Promise<void> {
    const before = new Date(Date.now() - this.config.worker.retentionDays * DAY_MS);
    try {
      while ((await this.outbox.purgeRelayed(before, PURGE_BATCH)) === PURGE_BATCH);
    } catch (error) {
      this.logger.warn(`Outbox purge failed: ${(error as Error).message}`);
    }
  }

  private every(intervalMs: number, task: () => Promise<void>): void {
    const timer = setInterval(() => void task(), intervalMs);
    timer.unref();
    this.timers.push(timer);
  }
}
