// The repository's ESLint configuration, run on small snippets: the layer and feature boundaries and the cycle
// rule must report what docs/architecture.md forbids and let the allowed imports through.
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ESLint } from 'eslint';

const root = path.resolve(import.meta.dirname, '../../../..');
const BOUNDARY = 'import-x/no-restricted-paths';
const CYCLE = 'import-x/no-cycle';
// Existing modules the snippets import (a rule only judges imports that resolve).
const PRINT_INTERNAL = 'apps/web/src/features/print/components/print-button.tsx';
const PRINT_PUBLIC = 'apps/web/src/features/print/public.ts';

let eslint: ESLint;
// Two modules importing each other, written for the cycle case and removed afterwards.
const cycleDir = path.join(root, 'apps/web/src/test', `lint-cycle-tmp-${process.pid}`);

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
  fs.mkdirSync(cycleDir, { recursive: true });
  fs.writeFileSync(
    path.join(cycleDir, 'first.ts'),
    "import { second } from './second';\nexport const first = () => second;\n",
  );
  fs.writeFileSync(
    path.join(cycleDir, 'second.ts'),
    "import { first } from './first';\nexport const second = () => first;\n",
  );
});

afterAll(() => {
  fs.rmSync(cycleDir, { recursive: true, force: true });
});

/** The import rules (import-x/…) a snippet at `file` (relative to the repository) breaks. */
async function rulesBroken(file: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return result.messages
    .map((message) => message.ruleId ?? message.message)
    .filter((rule) => rule.startsWith('import-x/'));
}

describe('import boundaries (eslint.config.js)', () => {
  it('uses modules that exist', () => {
    expect(fs.existsSync(path.join(root, PRINT_INTERNAL))).toBe(true);
    expect(fs.existsSync(path.join(root, PRINT_PUBLIC))).toBe(true);
  });

  it("reports a feature importing another feature's internals, and lets its public entry through", async () => {
    const file = 'apps/web/src/features/asset/pages/boundary-probe.tsx';
    expect(
      await rulesBroken(
        file,
        "import { PrintButton } from '@/features/print/components/print-button';\nexport const probe = PrintButton;\n",
      ),
    ).toEqual([BOUNDARY]);
    expect(
      await rulesBroken(
        file,
        "import { PrintButton } from '@/features/print/public';\nexport const probe = PrintButton;\n",
      ),
    ).toEqual([]);
    // Inside one feature, anything goes.
    expect(
      await rulesBroken(
        'apps/web/src/features/print/pages/boundary-probe.tsx',
        "import { PrintButton } from '../components/print-button';\nexport const probe = PrintButton;\n",
      ),
    ).toEqual([]);
  }, 60_000);

  it('reports upward imports: components → features, lib → components, features → app', async () => {
    expect(
      await rulesBroken(
        'apps/web/src/components/probe/boundary-probe.tsx',
        "import { PrintButton } from '@/features/print/public';\nexport const probe = PrintButton;\n",
      ),
    ).toEqual([BOUNDARY]);
    expect(
      await rulesBroken(
        'apps/web/src/lib/boundary-probe.ts',
        "import { useHasPermission } from '@/components/has-permission/use-has-permission';\nexport const probe = useHasPermission;\n",
      ),
    ).toEqual([BOUNDARY]);
    expect(
      await rulesBroken(
        'apps/web/src/features/asset/boundary-probe.ts',
        "import { componentKind } from '@/app/router/component-registry';\nexport const probe = componentKind;\n",
      ),
    ).toEqual([BOUNDARY]);
  }, 60_000);

  it('reports the web importing the server and the shared contract importing an app', async () => {
    expect(
      await rulesBroken(
        'apps/web/src/lib/boundary-probe.ts',
        "import { loadConfig } from '../../../server/src/config';\nexport const probe = loadConfig;\n",
      ),
    ).toEqual([BOUNDARY]);
    expect(
      await rulesBroken(
        'packages/shared/src/boundary-probe.ts',
        "import { APP_CONFIG } from '../../../apps/web/src/lib/config';\nexport const probe = APP_CONFIG;\n",
      ),
    ).toEqual([BOUNDARY]);
  }, 60_000);

  it("asks for the '@/…' alias instead of a relative import three folders up", async () => {
    const [result] = await eslint.lintText(
      "import { APP_CONFIG } from '../../../lib/config';\nexport const probe = APP_CONFIG;\n",
      {
        filePath: path.join(root, 'apps/web/src/features/asset/pages/boundary-probe.ts'),
      },
    );
    expect(result.messages.map((message) => message.ruleId)).toEqual(['no-restricted-imports']);
  }, 60_000);

  it('reports a dependency cycle', async () => {
    const [result] = await eslint.lintFiles([path.join(cycleDir, 'first.ts')]);
    expect(result.messages.map((message) => message.ruleId)).toEqual([CYCLE]);
  }, 60_000);
});
