import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { withEnvironmentTable } from '../src/common/config/environment-table';

/** Regenerates the table of docs/configuration.md from the schema (`npm run docs:config`). */
const path = join(__dirname, '..', 'docs', 'configuration.md');
writeFileSync(path, withEnvironmentTable(readFileSync(path, 'utf8')));
