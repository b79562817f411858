import type { INestApplicationContext, LoggerService } from '@nestjs/common';

/**
 * SIGTERM/SIGINT: close the app (the worker checkpoints its running imports, connections close),
 * then exit 0. Nest's own shutdown hooks re-raise the signal, which would end the process with
 * 143 instead of reporting a clean stop.
 */
export function exitCleanlyOnSignals(app: INestApplicationContext, logger: LoggerService): void {
  let closing = false;
  const stop = (signal: NodeJS.Signals) => {
    if (closing) return;
    closing = true;
    logger.log(`${signal} received: shutting down`, 'Shutdown');
    app.close().then(
      () => process.exit(0),
      (error: Error) => {
        logger.error(`Shutdown failed: ${error.message}`, error.stack, 'Shutdown');
        process.exit(1);
      },
    );
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}
