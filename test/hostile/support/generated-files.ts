import { existsSync, readFileSync, statSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { FILES_DIR } from './env';
import type { FileAccount, Shape } from './shapes';

export interface GeneratedFile extends FileAccount {
  generateSeconds: number;
  cached: boolean;
}

/**
 * The shape's file, generated at full size into the cache directory, or the cached one when its
 * generator version and size match (generation is not part of what the suite measures).
 */
export async function generatedFile(shape: Shape): Promise<GeneratedFile> {
  await mkdir(FILES_DIR, { recursive: true });
  const accountFile = join(FILES_DIR, `${shape.name}.account.json`);
  const cached = readCached(accountFile, shape.version);
  if (cached) return { ...cached, generateSeconds: 0, cached: true };
  const started = performance.now();
  const account = await shape.generate(join(FILES_DIR, `${shape.name}${shape.extension ?? '.json'}`));
  await writeFile(accountFile, JSON.stringify({ version: shape.version, ...account }));
  return { ...account, generateSeconds: (performance.now() - started) / 1000, cached: false };
}

function readCached(accountFile: string, version: number): FileAccount | null {
  if (!existsSync(accountFile)) return null;
  try {
    const { version: cachedVersion, ...account } = JSON.parse(readFileSync(accountFile, 'utf8')) as FileAccount & { version: number };
    return cachedVersion === version && existsSync(account.file) && statSync(account.file).size === account.bytes ? account : null;
  } catch {
    return null;
  }
}
