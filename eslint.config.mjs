// @ts-check
// ESLint 9 flat config: @eslint/js recommended + typescript-eslint recommended, plus the few
// type-aware rules that catch real bugs in async NestJS/Bull code (un-awaited promises).
// eslint-config-prettier comes last so that formatting is left to Prettier alone.
import js from '@eslint/js';
import { defineConfig } from 'eslint/config';
import jest from 'eslint-plugin-jest';
import prettier from 'eslint-config-prettier/flat';
import tseslint from 'typescript-eslint';
import { fences } from './tools/lint/fences.mjs';
export default defineConfig(
  {
    ignores: ['dist/**', 'node_modules/**', 'coverage/**', 'bench-data/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    files: ['**/*.ts'],
    languageOptions: {
      parserOptions: {
        // Type information from tsconfig.json (covers src, test, bench, tools, ormconfig.ts, jest.config.ts).
        projectService: true,
        tsconfigRootDir: import.meta.dirname,
      },
    },
    rules: {
      // Type-aware: a forgotten `await` on a query, a queue call or `expect(...).resolves` is a bug,
      // and so is an async callback handed to an event emitter or timer (its rejection goes unhandled).
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/await-thenable': 'error',
      '@typescript-eslint/no-misused-promises': 'error',

      // Unused values are errors, but `_`-prefixed names and rest-sibling omissions are intentional.
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_', ignoreRestSiblings: true },
      ],
      eqeqeq: ['error', 'smart'],

      // Deliberately NOT enabled: '@typescript-eslint/consistent-type-imports'. With
      // emitDecoratorMetadata, a type-only import of an injected class erases the runtime
      // reference Nest's dependency injection reads, and the provider silently resolves to Object.
    },
  },
  {
    // Specs: `any` in test doubles is acceptable.
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', 'test/**/*.ts'],
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  {
    // A focused or disabled test silently shrinks the run while CI stays green: both are errors.
    files: ['**/*.spec.ts', '**/*.e2e-spec.ts', '**/*.fault-spec.ts', 'test/**/*.ts'],
    plugins: { jest },
    rules: {
      'jest/no-focused-tests': 'error',
      'jest/no-disabled-tests': 'error',
    },
  },
  // The fences between modules, and between the tests and the bench (tools/lint/fences.mjs).
  ...fences,
  {
    // Plain JavaScript config files (this one included) are linted without type information.
    files: ['**/*.{js,mjs,cjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
  prettier,
);
