// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist/**', 'dist-firefox/**', 'dist-packages/**', 'node_modules/**', 'coverage/**', '.tmp/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.webextensions } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrorsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-restricted-syntax': ['error', { selector: "CallExpression[callee.property.name='only']", message: 'No focused tests.' }],
    },
  },
  {
    // The runtime core is platform-free: it is tested in Node and must not touch browser extension APIs.
    files: ['src/runtime/**/*.ts'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      'no-restricted-globals': [
        'error',
        { name: 'chrome', message: 'src/runtime imports no browser API' },
        { name: 'browser', message: 'src/runtime imports no browser API' },
      ],
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            'webextension-polyfill',
            '**/background/**',
            '**/content/**',
            '**/sidepanel/**',
            '**/tools/**',
            '**/storage/**',
            '**/shared/**',
            '**/mcp/**',
          ],
        },
      ],
    },
  },
  {
    files: ['src/content/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { patterns: ['**/background/**', '**/sidepanel/**', '**/storage/**', '**/tools/**'] }] },
  },
);
