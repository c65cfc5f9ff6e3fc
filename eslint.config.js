import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = path.resolve('apps/web/src/features');
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir).filter((f) => fs.statSync(path.join(featuresDir, f)).isDirectory())
  : [];

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'data/**', 'test-results/**', 'apps/api/src/db/migrations/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-control-regex': 'off',
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
    },
  },
  // STYLE.md rule 8: components/lib ← features ← app; no feature imports another feature.
  // (ESLint's own no-restricted-imports: the import-x plugin pulls native resolver bindings that
  // the registry here does not carry for every platform, which breaks `npm ci`.)
  ...features.map((feature) => ({
    files: [`apps/web/src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['@/features/*', `!@/features/${feature}`, `!@/features/${feature}/**`, '@/app/**'],
              message: 'A feature must not import another feature or app/; move shared code to components/ or lib/.',
            },
            {
              group: features.filter((other) => other !== feature).flatMap((other) => [`../${other}/**`, `../../${other}/**`, `../../../${other}/**`]),
              message: 'A feature must not import another feature; move shared code to components/ or lib/.',
            },
          ],
        },
      ],
    },
  })),
  {
    files: ['apps/web/src/components/**/*.{ts,tsx}', 'apps/web/src/lib/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['@/features/**', '@/app/**', '**/features/**', '**/app/**'], message: 'components and lib must not import features or app.' }] },
      ],
    },
  },
  {
    // STYLE.md rule 2: only repositories and db/ touch the ORM.
    files: ['apps/api/src/modules/**/*.{routes,service}.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['drizzle-orm', 'drizzle-orm/*'], message: 'Queries belong in a repository.' }] },
      ],
    },
  },
);
