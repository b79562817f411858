// @ts-check
// The fences alone, parsed without type information: what src/module-faces.spec.ts lints its probes with.
import tseslint from 'typescript-eslint';
import { fences } from './fences.mjs';

export default [{ files: ['**/*.ts'], languageOptions: { parser: tseslint.parser } }, ...fences];
