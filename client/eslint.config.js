// The client's lint: typed rules for src/ (the TypeScript program tsc builds), plain JS rules for the
// Node scripts (e2e/, scripts/) and the React hook rules as errors. `npm run lint` allows no warnings
// and also runs scripts/check-imports.mjs (no import cycles, no imports between features).
import js from '@eslint/js';
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
    name: 'alphachess/node-scripts',
    files: ['e2e/**/*.mjs', 'scripts/**/*.mjs', 'eslint.config.js'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node },
  },
  {
    name: 'alphachess/browser-tests',
    // The functions these tests pass to `page.evaluate` run in the page, with the browser's globals.
    files: ['e2e/**/*.test.mjs', 'e2e/helpers.mjs', 'e2e/axe.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
);
