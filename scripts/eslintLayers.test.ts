import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNTYPED } from '../eslint/typed.js';

/*
 * keylab/layer-imports (eslint/layers.js), run through ESLint's API with the
 * repo's own eslint.config.js on snippets placed at made-up paths in src/:
 * each boundary of the architecture fires, and what is allowed stays quiet.
 */

// Made-up files are in no tsconfig project: linted without the type-aware rules.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: UNTYPED });

// Loading the config (typescript-eslint, React hooks) takes seconds on a busy machine: once, before the tests.
beforeAll(() => eslint.calculateConfigForFile('src/ui/App.tsx'), 60_000);

async function layerProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId === 'keylab/layer-imports').map((message) => message.message);
}

describe('keylab/layer-imports', { timeout: 30_000 }, () => {
  it('keeps the UI off the server and off the engine (types from its index excepted)', async () => {
    expect(
      await layerProblems('src/ui/explorer/Probe.tsx', "import { createAppServer } from '../../server/appServer';\nexport const x = createAppServer;\n"),
    ).toEqual([expect.stringMatching(/^src\/ui must not import src\/server \(\.\.\/\.\.\/server\/appServer\)/)]);
    expect(
      await layerProblems('src/ui/explorer/Probe.tsx', "import { createLocalDynamoDB } from '../../engine';\nexport const x = createLocalDynamoDB;\n"),
    ).toEqual([expect.stringMatching(/^src\/ui may only import types from src\/engine .*through src\/state and src\/sources/)]);
    expect(
      await layerProblems('src/ui/explorer/Probe.tsx', "import type { DynamoDBDataSource } from '../../engine';\nexport type X = DynamoDBDataSource;\n"),
    ).toEqual([]);
  });

  it('keeps the server off the UI and the stores', async () => {
    expect(
      await layerProblems('src/server/proxy/probe.ts', "import { createExplorerStore } from '../../state';\nexport const x = createExplorerStore;\n"),
    ).toEqual([expect.stringMatching(/^src\/server must not import src\/state/)]);
    expect(await layerProblems('src/server/app/probe.ts', "import { App } from '../../ui';\nexport const x = App;\n")).toEqual([
      expect.stringMatching(/^src\/server must not import src\/ui/),
    ]);
    // Its own folders, and the sources' Node-safe entry, are fine.
    expect(
      await layerProblems(
        'src/server/proxy/probe.ts',
        "import { readBody } from '../http';\nimport { scrubSecrets } from '../../sources/remoteEndpoints';\nexport const x = [readBody, scrubSecrets];\n",
      ),
    ).toEqual([]);
  });

  it('lets nothing below the state import codegen', async () => {
    for (const file of ['src/keys/probe.ts', 'src/expressions/probe.ts', 'src/engine/operations/probe.ts', 'src/sources/probe.ts']) {
      const depth = file.split('/').length - 2;
      const code = `import { emitCode } from '${'../'.repeat(depth)}codegen';\nexport const x = emitCode;\n`;
      expect(await layerProblems(file, code), file).toEqual([expect.stringMatching(/must not import src\/codegen/)]);
    }
    expect(await layerProblems('src/ui/queryBuilder/Probe.tsx', "import { emitCode } from '../../codegen';\nexport const x = emitCode;\n")).toEqual([]);
  });

  it("lets codegen read designs (the libraries' entity code) but never the design layer import codegen", async () => {
    expect(
      await layerProblems('src/codegen/entityCode/probe.ts', "import { buildSampleItem } from '../../design';\nexport const x = buildSampleItem;\n"),
    ).toEqual([]);
    expect(await layerProblems('src/design/probe.ts', "import { generateEntityCode } from '../codegen';\nexport const x = generateEntityCode;\n")).toEqual([
      expect.stringMatching(/^src\/design must not import src\/codegen/),
    ]);
  });

  it('keeps src/errors free of every other folder', async () => {
    expect(await layerProblems('src/errors/probe.ts', "import { compareUtf8 } from '../keys';\nexport const x = compareUtf8;\n")).toEqual([
      expect.stringMatching(/^src\/errors must not import src\/keys/),
    ]);
    expect(await layerProblems('src/keys/probe.ts', "import { matches } from '../errors';\nexport const x = matches;\n")).toEqual([]);
  });

  it('enters another layer only through its index.ts, and --fix points the import there', async () => {
    const code = "import { createExplorerStore } from '../../state/explorerStore';\nexport const x = createExplorerStore;\n";
    expect(await layerProblems('src/ui/explorer/Probe.tsx', code)).toEqual([
      "Import src/state through its index ('../../state'), not its file 'state/explorerStore': the index is the layer's public surface (export what you need from it).",
    ]);
    const fixer = new ESLint({ cwd: process.cwd(), fix: true, overrideConfig: UNTYPED });
    const [fixed] = await fixer.lintText(code, { filePath: 'src/ui/explorer/Probe.tsx' });
    expect(fixed?.output).toBe("import { createExplorerStore } from '../../state';\nexport const x = createExplorerStore;\n");
  });

  it('allows the named entry points that an index cannot serve', async () => {
    expect(
      await layerProblems(
        'src/sources/probe.ts',
        "import { openBrowserPersistence } from '../engine/persistence/browser';\nexport const x = openBrowserPersistence;\n",
      ),
    ).toEqual([]);
    expect(await layerProblems('src/state/probe.ts', "export const load = () => import('../sources/remoteDynamoDB');\n")).toEqual([]);
    expect(await layerProblems('src/state/probe.ts', "export const load = () => import('../sources/builtInTable');\n")).toEqual([
      expect.stringMatching(/through its index \('\.\.\/sources'\)/),
    ]);
  });
});
