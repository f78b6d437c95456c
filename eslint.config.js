// One lint set-up for the whole workspace. The import boundaries of CONVENTIONS.md are enforced here:
// core imports no app; the web app and the server never import each other; web features stay apart;
// server modules use each other only through their services, and only repositories (with the modules'
// table types and migrations) touch the database.
import { readdirSync, existsSync } from 'node:fs';
import path from 'node:path';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const subfolders = (dir) =>
  existsSync(dir)
    ? readdirSync(dir, { withFileTypes: true })
        .filter((d) => d.isDirectory())
        .map((d) => d.name)
    : [];
const featuresDir = 'apps/web/src/features';
const features = subfolders(featuresDir);
const serverModulesDir = 'apps/server/src/modules';
/** Glob exceptions are matched against absolute import paths. */
const absolute = (relative) => path.join(import.meta.dirname, relative);

/** Path zones: files under `target` may not import files under `from`. */
const boundaryZones = [
  { target: './packages/core', from: './apps', message: 'core is pure: it imports no app.' },
  { target: './apps/web', from: './apps/server', message: 'the web app talks to the server only over HTTP.' },
  { target: './apps/server', from: './apps/web', message: 'the server never imports the web app.' },
  ...['components', 'lib', 'config', 'map', 'live', 'testing'].map((dir) => ({
    target: `./apps/web/src/${dir}`,
    from: ['./apps/web/src/features', './apps/web/src/app'],
    message: 'shared web code may not import features or the app.',
  })),
  {
    target: './apps/web/src/features',
    from: './apps/web/src/app',
    message: 'features do not import the app.',
  },
  ...features.map((name) => ({
    target: `./${featuresDir}/${name}`,
    from: `./${featuresDir}`,
    except: [`./${name}`],
    message: 'features do not import each other; the app composes them.',
  })),
  ...subfolders(serverModulesDir).map((name) => ({
    target: `./${serverModulesDir}/${name}`,
    from: `./${serverModulesDir}/**`,
    except: [absolute(`${serverModulesDir}/${name}/**`), absolute(`${serverModulesDir}/*/*.service.ts`)],
    message: 'server modules use each other only through their services or events.',
  })),
  {
    target: `./${serverModulesDir}/**/!(*.repository|*.tables|*.test).ts`,
    from: './apps/server/src/platform/db',
    message: 'only repositories touch the database.',
  },
];

/** Package-name imports across the same boundaries. */
const restrictedPackages = (names) => ({
  patterns: names.map((name) => ({
    group: [name, `${name}/*`],
    message: `${name} may not be imported here.`,
  })),
});

export default tseslint.config(
  { ignores: ['**/node_modules', '**/dist', 'data', '.test-data', '**/coverage'] },
  js.configs.recommended,
  ...tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        projectService: { allowDefaultProject: ['vitest.config.ts'] },
        tsconfigRootDir: import.meta.dirname,
      },
      globals: { ...globals.node },
    },
    plugins: { 'import-x': importX },
    // Resolve extensionless TypeScript imports, so the path boundaries see where they lead.
    settings: { 'import-x/resolver': { node: { extensions: ['.ts', '.tsx', '.js', '.mjs'] } } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
      '@typescript-eslint/switch-exhaustiveness-check': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      eqeqeq: ['error', 'always'],
      'import-x/no-restricted-paths': ['error', { zones: boundaryZones }],
    },
  },
  {
    files: ['packages/core/**'],
    rules: { 'no-restricted-imports': ['error', restrictedPackages(['@flare/server', '@flare/web'])] },
  },
  {
    files: ['apps/web/**'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
      'no-restricted-imports': ['error', restrictedPackages(['@flare/server'])],
    },
  },
  {
    files: ['apps/server/**'],
    rules: { 'no-restricted-imports': ['error', restrictedPackages(['@flare/web'])] },
  },
  {
    // Only repositories (and the tests that check what they stored) use Kysely in a module, besides
    // its table types (*.tables.ts) and migrations.
    files: [`${serverModulesDir}/**/*.ts`],
    ignores: ['**/*.repository.ts', '**/*.tables.ts', '**/migrations/*.ts', '**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          ...restrictedPackages(['@flare/web']),
          paths: [{ name: 'kysely', message: 'only *.repository.ts files use Kysely.' }],
        },
      ],
    },
  },
  {
    // Tests read untyped JSON responses; the unsafe-any rules would only add casts there.
    files: ['**/*.test.ts', '**/*.test.tsx', 'e2e/**'],
    rules: {
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    // The server's tests share one module graph per worker (vitest.config.ts): a file that replaces
    // modules must be named *.isolated.test.ts to get a graph of its own. (Stubbed globals and
    // environment variables are restored after each test there.)
    files: ['apps/server/**/*.test.ts'],
    ignores: ['**/*.isolated.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['mock', 'doMock'].map((method) => ({
          selector: `CallExpression[callee.object.name='vi'][callee.property.name='${method}']`,
          message: `vi.${method} leaks into the next test files of the worker: name this file *.isolated.test.ts.`,
        })),
      ],
    },
  },
  {
    // The web and browser tests share one module graph per worker too, with no isolated variant: a
    // replaced module would hold for whichever files the worker runs next, or not at all when an
    // earlier file loaded it first. Fake the server (testing/fake-api.ts) instead.
    files: ['apps/web/**/*.test.{ts,tsx}', 'e2e/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...['mock', 'doMock'].map((method) => ({
          selector: `CallExpression[callee.object.name='vi'][callee.property.name='${method}']`,
          message: `vi.${method} holds or fails by the order of the worker's files: fake the server's answers instead.`,
        })),
      ],
    },
  },
  {
    files: ['**/*.js', '**/*.mjs'],
    ...tseslint.configs.disableTypeChecked,
  },
);
