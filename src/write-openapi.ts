import 'reflect-metadata';
import { NestFactory } from '@nestjs/core';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { AppModule } from './app.module';
import { loadConfig } from './common/config/load-config';
import { documentApp } from './configure-app';

/**
 * Regenerates openapi.json (`npm run openapi`). Preview mode builds the route metadata without
 * connecting to PostgreSQL or Redis. BASE_PATH is left empty: the committed file is the default.
 */
async function main(): Promise<void> {
  const app = await NestFactory.create(AppModule.forRoot({ ...loadConfig(), basePath: '' }), { preview: true, logger: false });
  const document = documentApp(app, '');
  writeFileSync(join(__dirname, '..', 'openapi.json'), `${JSON.stringify(document, null, 2)}\n`);
  await app.close();
}

main().catch((error: Error) => {
  process.stderr.write(`${error.stack}\n`);
  process.exit(1);
});
