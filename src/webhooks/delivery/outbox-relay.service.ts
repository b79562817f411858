import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { OutboxEventRepository } from '../repositories/outbox-event.repository';
import { WebhookDeliveryRepository } from '../repositories/webhook-delivery.repository';
import { WebhookMetricsService } from './webhook-metrics.service';
import { WebhookQueueProducer } from './webhook-queue.producer';

const RELAY_BATCH = 200;
const SWEEP_BATCH = 500;
/** A pending delivery due this long without being claimed has lost its Bull job (or its worker died mid-attempt). */
const OVERDUE_GRACE_MS = 5_000;

/**
 * Moves finished-job events from the outbox to per-subscription deliveries (in one transaction
 * with marking them relayed), then queues the first attempts. A process killed anywhere in between
 * loses nothing: unrelayed events are picked up by the next pass of any worker, and deliveries
 * whose Bull job never came are queued again by the sweep (at least once; receivers dedupe on the
 * event id).
 */
@Injectable()
export class OutboxRelayService {
  constructor(
    private readonly dataSource: DataSource,
    private readonly outbox: OutboxEventRepository,
    private readonly deliveries: WebhookDeliveryRepository,
    private readonly producer: WebhookQueueProducer,
    private readonly metrics: WebhookMetricsService,
  ) {}

  /** Returns how many deliveries were created. */
  async relay(): Promise<number> {
    let created = 0;
    for (;;) {
      const { events, deliveryIds } = await this.dataSource.transaction(async (manager) => {
        const locked = await this.outbox.lockUnrelayed(manager, RELAY_BATCH);
        if (locked.length === 0) return { events: 0, deliveryIds: [] as string[] };
        const ids = locked.map((event) => event.id);
        const deliveryIds = await this.deliveries.createForEvents(manager, ids);
        await this.outbox.markRelayed(manager, ids);
        return { events: locked.length, deliveryIds };
      });
      for (const deliveryId of deliveryIds) await this.producer.enqueue({ deliveryId, attemptsMade: 0 });
      this.metrics.deliveriesCreated.inc(deliveryIds.length);
      created += deliveryIds.length;
      if (events < RELAY_BATCH) return created;
    }
  }

  /** Queues pending deliveries that are overdue; returns how many. */
  async sweep(): Promise<number> {
    const overdue = await this.deliveries.findOverdue(OVERDUE_GRACE_MS, SWEEP_BATCH);
    for (const delivery of overdue) await this.producer.enqueue({ deliveryId: delivery.id, attemptsMade: delivery.attempts });
    return overdue.length;
  }
}
