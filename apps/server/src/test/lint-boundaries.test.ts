// The repository's ESLint configuration, run on server snippets: the floors of docs/architecture.md (shared ← lib,
// db ← plugins ← modules ← app) and the cycle rule must report what is forbidden and let the allowed imports through.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../../../..');
const BOUNDARY = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';
const SRC = 'apps/server/src';

let eslint: ESLint;
// Two modules importing each other, written for the cycle case and removed afterwards.
const cycleDir = path.join(root, SRC, 'modules', `lint-cycle-tmp-${process.pid}`);

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
  fs.mkdirSync(cycleDir, { recursive: true });
  fs.writeFileSync(
    path.join(cycleDir, 'first.service.ts'),
    "import { second } from './second.service.js';\nexport const first = () => second;\n",
  );
  fs.writeFileSync(
    path.join(cycleDir, 'second.service.ts'),
    "import { first } from './first.service.js';\nexport const second = () => first;\n",
  );
});

afterAll(() => {
  fs.rmSync(cycleDir, { recursive: true, force: true });
});

/** The import rules (import-x/…) a snippet at `file` (relative to src) breaks. */
async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, SRC, file) });
  return result!.messages
    .map((message) => message.ruleId ?? message.message)
    .filter((rule) => rule.startsWith('import-x/'));
}

describe('server import boundaries (eslint.config.js)', () => {
  it('reports lib, db, seeds and config importing a module or a plugin, and lets lib use lib', async () => {
    const intoModule = "import { isTaken } from '../modules/user/user.service.js';\nexport const probe = isTaken;\n";
    expect(await rulesBroken('lib/boundary-probe.ts', intoModule)).toEqual([BOUNDARY]);
    // The configuration itself (linted as text: the file is not changed).
    expect(
      await rulesBroken(
        'config.ts',
        "import { isTaken } from './modules/user/user.service.js';\nexport const probe = isTaken;\n",
      ),
    ).toEqual([BOUNDARY]);
    expect(
      await rulesBroken(
        'db/seeds/boundary-probe.seed.ts',
        "import { isTaken } from '../../modules/user/user.service.js';\nexport const probe = isTaken;\n",
      ),
    ).toEqual([BOUNDARY]);
    expect(
      await rulesBroken(
        'lib/resource/boundary-probe.ts',
        "import { currentUser } from '../../plugins/guard.js';\nexport const probe = currentUser;\n",
      ),
    ).toEqual([BOUNDARY]);
    expect(
      await rulesBroken(
        'lib/boundary-probe.ts',
        "import { splitIds } from './id-list.js';\nexport const probe = splitIds;\n",
      ),
    ).toEqual([]);
  }, 60_000);

  it('reports a plugin importing a module, a module importing the app, and production code the test helpers', async () => {
    expect(
      await rulesBroken(
        'plugins/boundary-probe.ts',
        "import { userPermissionCodes } from '../modules/permission/permission.service.js';\nexport const probe = userPermissionCodes;\n",
      ),
    ).toEqual([BOUNDARY]);
    expect(
      await rulesBroken(
        'modules/user/boundary-probe.ts',
        "import { buildApp } from '../../app.js';\nexport const probe = buildApp;\n",
      ),
    ).toEqual([BOUNDARY]);
    expect(
      await rulesBroken(
        'modules/user/boundary-probe.ts',
        "import { startApp } from '../../test/harness.js';\nexport const probe = startApp;\n",
      ),
    ).toEqual([BOUNDARY]);
    // A module uses lib and plugins, and another module's service.
    expect(
      await rulesBroken(
        'modules/account/boundary-probe.ts',
        "import { currentUser } from '../../lib/current-user.js';\nimport { readToken } from '../../plugins/guard.js';\nimport { isTaken } from '../user/user.service.js';\nexport const probe = [currentUser, readToken, isTaken];\n",
      ),
    ).toEqual([]);
    // Tests drive the assembled app from any floor.
    expect(
      await rulesBroken(
        'lib/boundary-probe.test.ts',
        "import { startApp } from '../test/harness.js';\nexport const probe = startApp;\n",
      ),
    ).toEqual([]);
  }, 60_000);

  it('reports a dependency cycle between modules', async () => {
    const [result] = await eslint.lintFiles([path.join(cycleDir, 'first.service.ts')]);
    expect(result!.messages.map((message) => message.ruleId)).toEqual([CYCLE]);
  }, 60_000);
});
