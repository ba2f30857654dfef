import fs from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import globals from 'globals';
import prettier from 'eslint-config-prettier';

const root = import.meta.dirname;
const at = (...parts) => path.join(root, ...parts);

// The layers of docs/architecture.md as import boundaries: each zone's `target` may not import its `from`.
const WEB = 'apps/web/src';
const webFeatures = fs
  .readdirSync(at(WEB, 'features'), { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);
const webZones = [
  {
    target: `${WEB}/lib`,
    from: [`${WEB}/components`, `${WEB}/features`, `${WEB}/app`],
    message: 'web/lib is the bottom layer: it imports no components, features or app.',
  },
  {
    target: `${WEB}/components`,
    from: [`${WEB}/features`, `${WEB}/app`],
    message: 'Shared widgets import no feature and no app code; move what they need to components or lib.',
  },
  { target: `${WEB}/features`, from: `${WEB}/app`, message: 'Features do not import app code (app imports them).' },
  // One zone per feature (read from the folder, so a new feature is covered at once): other features are
  // reachable only through their public entry, features/<name>/public.ts.
  ...webFeatures.map((feature) => ({
    target: `${WEB}/features/${feature}`,
    from: `${WEB}/features/**`,
    except: [at(WEB, 'features', feature, '**'), at(WEB, 'features', '*', 'public.ts')],
    message: `Another feature is imported only through its public entry (@/features/<name>/public), not its internals.`,
  })),
  {
    target: 'apps/web',
    from: 'apps/server',
    message: 'The web never imports the server; share through packages/shared.',
  },
];
const sharedZones = [
  { target: 'packages/shared', from: 'apps', message: 'The shared contract imports nothing of the apps.' },
];
// Production code does not lean on the test helpers (apps/web/src/test); tests may.
const webTestSupportZone = {
  target: [`${WEB}/lib`, `${WEB}/components`, `${WEB}/features`, `${WEB}/app`],
  from: `${WEB}/test`,
  message: 'Only tests import the test helpers.',
};
// The server's floors (docs/architecture.md): shared ← lib, db (seeds, migrations), config, context ← plugins ←
// modules ← app. Modules sit on one floor beside each other (no cycles); a module calls another's service or resource.
const SERVER = 'apps/server/src';
const serverApp = [`${SERVER}/app.ts`, `${SERVER}/server.ts`];
const serverWebZone = {
  target: 'apps/server',
  from: 'apps/web',
  message: 'The server never imports the web; share through packages/shared.',
};
const serverZones = [
  {
    target: [`${SERVER}/lib`, `${SERVER}/db`, `${SERVER}/config.ts`, `${SERVER}/context.ts`],
    from: [`${SERVER}/plugins`, `${SERVER}/modules`, ...serverApp],
    message:
      'Server lib, db (seeds and migrations too), config and context are the floor: they import no plugin, module or app.',
  },
  {
    target: `${SERVER}/plugins`,
    from: [`${SERVER}/modules`, ...serverApp],
    message: 'A plugin imports no module and no app: modules use plugins, app.ts registers both.',
  },
  { target: `${SERVER}/modules`, from: serverApp, message: 'A module never imports the app (app.ts registers it).' },
  serverWebZone,
];
// The server's test helpers (src/test, left out of the build) are for tests only.
const serverTestSupportZone = {
  target: [`${SERVER}/lib`, `${SERVER}/db`, `${SERVER}/plugins`, `${SERVER}/modules`, ...serverApp],
  from: `${SERVER}/test`,
  message: 'Only tests import the test helpers (src/test is not built).',
};
const restrictedPaths = (zones) => ['error', { basePath: root, zones }];
const TEST_FILES = ['**/*.test.{ts,tsx}'];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      'uploads/**',
      'e2e/test-results/**',
      'e2e/playwright-report/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': 'error',
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
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^(\\.\\./){3,}',
              message: "Outside its feature or folder, import through the '@/…' alias (apps/web/src/…).",
            },
          ],
        },
      ],
    },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Which files the import rules parse to follow their imports (no-cycle walks them), and with which parser.
      'import-x/extensions': ['.ts', '.tsx', '.mts', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx', '.mts'] },
    },
  },
  // Imports resolved as TypeScript resolves them in each package (the web's '@/…' paths, the shared contract
  // from source).
  ...[
    ['apps/web/**', 'apps/web/tsconfig.json'],
    ['packages/shared/**', 'packages/shared/tsconfig.json'],
    ['apps/server/**', 'apps/server/tsconfig.json'],
  ].map(([files, project]) => ({
    files: [files],
    settings: { 'import-x/resolver-next': [createTypeScriptImportResolver({ project: at(project) })] },
  })),
  {
    files: ['apps/web/src/**/*.{ts,tsx}', 'packages/shared/src/**/*.ts'],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([...webZones, ...sharedZones, webTestSupportZone]),
      // Type-only imports are not followed; packages are not walked (keeps `npx eslint .` fast).
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  {
    files: TEST_FILES.map((glob) => `apps/web/src/${glob}`),
    rules: { 'import-x/no-restricted-paths': restrictedPaths([...webZones, ...sharedZones]) },
  },
  {
    files: [`${SERVER}/**/*.ts`],
    rules: {
      'import-x/no-restricted-paths': restrictedPaths([...serverZones, serverTestSupportZone]),
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
    },
  },
  // Server tests drive the assembled app (src/test/harness.ts builds it): any floor may be imported there.
  {
    files: [...TEST_FILES.map((glob) => `${SERVER}/${glob}`), `${SERVER}/test/**`],
    rules: { 'import-x/no-restricted-paths': restrictedPaths([serverWebZone]) },
  },
  prettier,
);
