// @ts-check
// Lints source texts that need not exist on disk with the fences alone (fences.config.mjs):
// stdin takes [{ filePath, code }] (paths relative to the repository), stdout gives
// [{ filePath, rules: [ruleId, ...] }]. For src/module-faces.spec.ts, which cannot load ESLint's
// ES-module config inside Jest.
import { ESLint } from 'eslint';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({ cwd: repo, overrideConfigFile: path.join(repo, 'tools/lint/fences.config.mjs') });

let input = '';
for await (const chunk of process.stdin) input += chunk;
const probes = /** @type {Array<{ filePath: string; code: string }>} */ (JSON.parse(input));
const results = [];
for (const { filePath, code } of probes) {
  const [result] = await eslint.lintText(code, { filePath: path.join(repo, filePath) });
  results.push({ filePath, rules: result.messages.map((message) => message.ruleId ?? `fatal: ${message.message}`) });
}
process.stdout.write(JSON.stringify(results));
