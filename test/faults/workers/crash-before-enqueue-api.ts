/**
 * Test-only API of the fault suite (crash-before-enqueue spec): the built application module from
 * the dist snapshot, with its UploadCheckpointsService replaced by one that SIGKILLs the process right
 * after an upload commits, before its job is positioned or enqueued. Listens on PORT.
 *
 *   node -r ts-node/register/transpile-only test/faults/workers/crash-before-enqueue-api.ts <dist snapshot>
 */
import 'reflect-metadata';
import { Test } from '@nestjs/testing';
import { join } from 'node:path';
import type * as AppModuleModule from '../../../src/app.module';
import type * as LoadConfigModule from '../../../src/common/config/load-config';
import type * as ConfigureAppModule from '../../../src/configure-app';
import type * as CheckpointsModule from '../../../src/imports/http/upload/upload-checkpoints.service';

async function main(): Promise<void> {
  const dist = process.argv[2];
  const { loadConfig } = (await import(join(dist, 'common/config/load-config.js'))) as typeof LoadConfigModule;
  const { AppModule } = (await import(join(dist, 'app.module.js'))) as typeof AppModuleModule;
  const { configureApp } = (await import(join(dist, 'configure-app.js'))) as typeof ConfigureAppModule;
  const { UploadCheckpointsService } = (await import(
    join(dist, 'imports/http/upload/upload-checkpoints.service.js')
  )) as typeof CheckpointsModule;

  class KillingCheckpoints extends UploadCheckpointsService {
    override afterCommit(): void {
      process.kill(process.pid, 'SIGKILL');
    }
  }

  const config = loadConfig();
  const moduleRef = await Test.createTestingModule({ imports: [AppModule.forRoot(config)] })
    .overrideProvider(UploadCheckpointsService)
    .useClass(KillingCheckpoints)
    .compile();
  // As main.ts creates it: no body parser (no endpoint takes a JSON body).
  const app = moduleRef.createNestApplication({ bodyParser: false });
  configureApp(app, config);
  await app.listen(config.port);
  process.stdout.write(`Listening on :${config.port} (test API: uploads kill it after commit)\n`);
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack ?? error.message}\n`);
  process.exit(1);
});
