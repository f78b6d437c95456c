// Proves the lint boundary rule fails the build for each forbidden direction of import.
import { ESLint } from 'eslint';
import path from 'node:path';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '..');
// The project's own lint set-up, without the type-aware rules: the boundary rules need no types, and
// building the TypeScript programs for them is most of this file's time.
const eslint = new ESLint({ cwd: root, overrideConfig: tseslint.configs.disableTypeChecked });

async function boundaryErrors(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, filePath) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
}

describe('import boundaries', () => {
  it.each([
    ['the web app imports the server', 'apps/web/src/main.tsx', "import '../../server/src/app';"],
    ['the web app imports the server package', 'apps/web/src/main.tsx', "import '@flare/server/src/app';"],
    ['the server imports the web app', 'apps/server/src/main.ts', "import '../../web/src/main';"],
    ['core imports the server', 'packages/core/src/labels.ts', "import '../../../apps/server/src/config';"],
    ['core imports the web app', 'packages/core/src/labels.ts', "import '@flare/web/src/main';"],
    [
      'a web feature imports another feature',
      'apps/web/src/features/auth/sign-in-screen.tsx',
      "import '../sections/section-placeholder';",
    ],
    [
      'shared web code imports a feature',
      'apps/web/src/lib/session.ts',
      "import '../features/auth/sign-in-screen';",
    ],
    [
      "a server module imports another module's repository",
      'apps/server/src/modules/things/things.service.ts',
      "import '../telemetry/telemetry.repository';",
    ],
    [
      "a server module imports another module's routes",
      'apps/server/src/modules/live/live-hub.ts',
      "import '../things/things.routes';",
    ],
    [
      'a server service imports Kysely',
      'apps/server/src/modules/things/things.service.ts',
      "import { sql } from 'kysely';",
    ],
    [
      'a server service imports the database',
      'apps/server/src/modules/things/things.service.ts',
      "import '../../platform/db/database';",
    ],
    [
      'the live transport imports a feature',
      'apps/web/src/live/live-socket.tsx',
      "import '../features/things/live/live-things-store';",
    ],
  ])('fails when %s', async (_case, filePath, code) => {
    expect(await boundaryErrors(filePath, code)).not.toEqual([]);
  });

  it("allows a server module another module's service, and repositories the database", async () => {
    expect(
      await boundaryErrors(
        'apps/server/src/modules/things/things.service.ts',
        "import '../telemetry/thing-states.service';",
      ),
    ).toEqual([]);
    expect(
      await boundaryErrors(
        'apps/server/src/modules/things/things.repository.ts',
        "import { sql } from 'kysely';\nimport '../../platform/db/database';",
      ),
    ).toEqual([]);
  });

  it('allows the apps to import core', async () => {
    expect(await boundaryErrors('apps/server/src/main.ts', "import '@flare/core/labels';")).toEqual([]);
    expect(await boundaryErrors('apps/web/src/main.tsx', "import '@flare/core/labels';")).toEqual([]);
  });
});
