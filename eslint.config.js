import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { fixupPluginRules } from '@eslint/compat';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const featuresDir = path.resolve('apps/web/src/features');
const features = fs.existsSync(featuresDir)
  ? fs.readdirSync(featuresDir).filter((f) => fs.statSync(path.join(featuresDir, f)).isDirectory())
  : [];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'test-results/**',
      'apps/api/src/db/migrations/**',
      '**/*.d.ts',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
    },
  },
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-explicit-any': 'off',
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      'no-control-regex': 'off',
      // An async function without await is how our drivers and handlers keep one Promise-returning
      // shape (a throw becomes a rejection the caller already handles); the rule would ask for
      // hand-built Promise.resolve/reject instead.
      '@typescript-eslint/require-await': 'off',
      // React and Fastify both accept a handler that returns a promise and report its rejection
      // (react-hook-form's handleSubmit, TanStack Query's mutate, Fastify's async hooks): only
      // promises passed where nothing awaits them are errors.
      '@typescript-eslint/no-misused-promises': [
        'error',
        { checksVoidReturn: { attributes: false, arguments: false } },
      ],
    },
  },
  {
    // Tests, journeys and benches read untyped JSON (`res.body`) and assert on it; the assertion is
    // the check, so the no-unsafe-* rules (which forbid touching `any`) apply to product code only.
    files: ['**/*.test.ts', 'apps/api/test/**', 'e2e/**', 'bench/**', '**/eval/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
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
  {
    // Accessibility of the JSX. The plugin still calls context methods ESLint 10 removed;
    // @eslint/compat puts them back.
    files: ['apps/web/**/*.tsx'],
    plugins: { 'jsx-a11y': fixupPluginRules(jsxA11y) },
    rules: {
      ...jsxA11y.flatConfigs.recommended.rules,
      // `role` is also a prop of our own components (role="buyer"): only DOM elements carry ARIA roles.
      'jsx-a11y/aria-role': ['error', { ignoreNonDOM: true }],
      // Option cards put the label's text two spans deep, beside the nested radio.
      'jsx-a11y/label-has-associated-control': ['error', { assert: 'either', depth: 3 }],
      // A region that scrolls sideways (a wide table) must be focusable so a keyboard can scroll it.
      'jsx-a11y/no-noninteractive-tabindex': ['error', { roles: ['tabpanel', 'region'], tags: [] }],
    },
  },
  // docs/style.md rule 8: components/lib ← features ← app; no feature imports another feature.
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
              group: features
                .filter((other) => other !== feature)
                .flatMap((other) => [`../${other}/**`, `../../${other}/**`, `../../../${other}/**`]),
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
        {
          patterns: [
            {
              group: ['@/features/**', '@/app/**', '**/features/**', '**/app/**'],
              message: 'components and lib must not import features or app.',
            },
          ],
        },
      ],
    },
  },
  {
    // Configuration is parsed once (apps/api/src/config.ts); nothing else reads the environment.
    files: ['apps/api/src/**/*.ts', 'packages/shared/src/**/*.ts', 'apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/api/src/config.ts', '**/*.test.ts', '**/*.test.tsx'],
    rules: {
      'no-restricted-properties': [
        'error',
        {
          object: 'process',
          property: 'env',
          message: 'Read configuration from config.ts (loadConfig), not process.env.',
        },
      ],
    },
  },
  {
    // Only repositories (and db/) name tables or build SQL; the demo seeds and the quality evals
    // are bulk data tools and count as repositories. Types (Db, row shapes) may go anywhere.
    files: ['apps/api/src/**/*.ts'],
    ignores: [
      'apps/api/src/db/**',
      'apps/api/src/**/*.repository.ts',
      'apps/api/src/**/*.seed.ts',
      'apps/api/src/**/eval/**',
      '**/*.test.ts',
    ],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              allowTypeImports: true,
              message: 'Queries belong in a repository.',
            },
            {
              group: ['**/db/schema', '**/db/schema/**'],
              allowTypeImports: true,
              message: 'Tables are named in repositories only.',
            },
            {
              group: ['**/db/client', '**/db/client.ts', '**/db/embedded.ts', '**/db/migrate.ts'],
              allowTypeImports: true,
              message: 'Only the composition roots (bootstrap.ts, cli/) open the database.',
            },
          ],
        },
      ],
    },
  },
  {
    // Modules talk through services: a module's repository is imported by its own files only.
    files: ['apps/api/src/modules/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['../*/*.repository', '../*/*.repository.ts', '../../*/*.repository.ts'],
              message: "Ask the other module's service, not its repository.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/api/src/bootstrap.ts', 'apps/api/src/main.ts', 'apps/api/src/cli/**/*.ts'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['drizzle-orm', 'drizzle-orm/*'],
              allowTypeImports: true,
              message: 'Queries belong in a repository.',
            },
            {
              group: ['**/db/schema', '**/db/schema/**'],
              allowTypeImports: true,
              message: 'Tables are named in repositories only.',
            },
          ],
        },
      ],
    },
  },
  // Last, so it wins: plain JavaScript (scripts, this file) belongs to no tsconfig, so it gets the
  // syntax rules only.
  { files: ['**/*.{js,mjs,cjs}'], ...tseslint.configs.disableTypeChecked },
);
