// Lint rules that keep the layers apart (docs/architecture.md#layering-enforced-by-lint): the
// engine, the CLI, the web bridge and the contract never touch Electron; the contract touches
// nothing environment-specific; the renderer reaches the rest of the code base only through the
// contract's types.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import svelte from 'eslint-plugin-svelte';
import globals from 'globals';

const noElectron = {
  paths: [{ name: 'electron', message: 'Only src-main/app and src-preload may import electron.' }],
  patterns: [
    { group: ['electron/*'], message: 'Only src-main/app and src-preload may import electron.' },
  ],
};

/**
 * The imports a layer without Node (the contract, the renderer) may not make: electron, node:*
 * (the message says `why`), and what `more` adds.
 */
const noElectronNorNode = (why, ...more) => ({
  paths: noElectron.paths,
  patterns: [
    ...noElectron.patterns,
    { group: ['node:*'], message: `${why}: no node:* imports.` },
    ...more,
  ],
});

export default tseslint.config(
  {
    ignores: [
      'out/**',
      'dist/**',
      'node_modules/**',
      'test-results/**',
      // Tests build the app into it (a run stopped midway leaves bundles behind).
      '.folio-tmp/**',
      'playwright-report/**',
      'test/fixtures/**',
      'resources/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  ...svelte.configs['flat/recommended'],
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.svelte', '**/*.svelte.ts'],
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { parser: tseslint.parser, extraFileExtensions: ['.svelte'] },
    },
  },
  {
    files: [
      'src-main/engine/**',
      'src-main/cli/**',
      'src-main/bridge/**',
      'test/engine/**',
      'test/cli/**',
    ],
    rules: { 'no-restricted-imports': ['error', noElectron] },
  },
  {
    // One IPC choke point (docs/architecture.md#one-choke-point-per-side): main.ts hands ipcMain to
    // ipc-router.ts, nothing else touches it; ipcRenderer lives in the preload only.
    files: ['src-main/app/**'],
    ignores: ['src-main/app/main.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'electron',
              importNames: ['ipcMain', 'ipcRenderer'],
              message:
                "Only main.ts imports ipcMain (for ipc-router.ts); ipcRenderer is the preload's.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['src-shared/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        noElectronNorNode('The contract is environment-neutral', {
          regex: 'src-main/|^\\.\\./\\.\\./',
          message: 'The contract depends on nothing.',
        }),
      ],
    },
  },
  {
    files: ['src-renderer/**'],
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      'no-restricted-imports': [
        'error',
        noElectronNorNode('The renderer is sandboxed', {
          regex: 'src-main/',
          message: 'The renderer reaches the rest of the code only through #shared/contract.',
        }),
      ],
      'svelte/no-at-html-tags': 'error',
    },
  },
);
