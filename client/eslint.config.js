// The client's lint: typed rules for src/ (the TypeScript program tsc builds), plain JS rules for the
// Node scripts (e2e/, scripts/), the React hook rules as errors, and no import cycles or cross-feature
// imports in src/. `npm run lint` allows no warnings.
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'src/api/schema.d.ts'] },
  {
    name: 'alphachess/typescript',
    files: ['src/**/*.{ts,tsx}', 'vite.config.ts'],
    extends: [js.configs.recommended, ...tseslint.configs.recommendedTypeChecked],
    languageOptions: {
      globals: globals.browser,
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      // Handlers passed to JSX may return a promise; the rule still catches awaited misuse elsewhere.
      '@typescript-eslint/no-misused-promises': ['error', { checksVoidReturn: { attributes: false } }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      // `const { fen: _fen, ...rest } = view` is how a test drops a field.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    name: 'alphachess/react-hooks',
    files: ['src/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat['recommended-latest']],
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    name: 'alphachess/imports',
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      // import-x reads the imported files too: it must parse TypeScript and find `./x` as `./x.ts(x)`.
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      // Features never import each other (HOUSE_STYLE): what two features share lives outside both.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './src/features/game', from: './src/features', except: ['./game'] },
            { target: './src/features/start', from: './src/features', except: ['./start'] },
          ],
        },
      ],
    },
  },
  {
    name: 'alphachess/node-scripts',
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', 'eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    name: 'alphachess/browser-tests',
    // The functions these tests pass to `page.evaluate` run in the page, with the browser's globals.
    files: ['e2e/**/*.test.mjs', 'e2e/helpers.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
