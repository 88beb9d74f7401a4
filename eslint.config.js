// @ts-check
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** Imports a folder may not make: shared folders never reach into the app sides, and the sides never into each other. */
const boundary = (/** @type {string[]} */ forbidden) => ({
  'no-restricted-imports': [
    'error',
    {
      patterns: forbidden.map((folder) => ({
        group: [`**/${folder}`, `**/${folder}/**`],
        message: `This folder may not import from ${folder}/ (see ARCHITECTURE.md).`,
      })),
    },
  ],
});

export default tseslint.config(
  {
    ignores: [
      'node_modules',
      'dist',
      'data',
      'coverage',
      'test-results',
      'bench/results',
      'server/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.node, ...globals.browser },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['**/*.{js,mjs,cjs}'],
    ...tseslint.configs.disableTypeChecked,
  },
  {
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules, ...boundary(['server']) },
  },
  { files: ['server/**/*.ts'], rules: boundary(['src']) },
  { files: ['machines/**/*.ts'], rules: boundary(['src', 'server', 'streams', 'locales']) },
  { files: ['streams/**/*.ts'], rules: boundary(['src', 'server', 'machines']) },
  { files: ['contract/**/*.ts'], rules: boundary(['src', 'server', 'machines', 'streams']) },
);
