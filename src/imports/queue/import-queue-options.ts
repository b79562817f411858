import type { BullModuleOptions } from '@nestjs/bull';
import { AppConfig } from '../../common/config/app-config';
import { bullSettings } from '../../database/bull-root-options';
import { IMPORT_BACKOFF, importBackoff } from './import-backoff';
import { IMPORT_QUEUE } from './import-queue.constants';

/** The import queue's own options over Bull's root ones: its backoff and its jobs' retries and retention. */
export function importQueueOptions(config: AppConfig): BullModuleOptions {
  return {
    name: IMPORT_QUEUE,
    settings: { ...bullSettings(config), backoffStrategies: { [IMPORT_BACKOFF]: importBackoff } },
    defaultJobOptions: {
      attempts: config.worker.attempts,
      backoff: { type: IMPORT_BACKOFF },
      removeOnComplete: 1_000,
      removeOnFail: 5_000,
    },
  };
}
