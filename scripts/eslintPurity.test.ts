import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';
import { UNTYPED } from '../eslint/typed.js';
import { LAYERS } from '../eslint/layers.js';

/*
 * Purity held by lint: for every layer eslint/layers.js marks `pure`, a file
 * placed in that folder that imports React, zustand, TanStack, an AWS SDK
 * command or Node, or touches the browser's globals, fails lint with a
 * message naming the layer; SDK types stay allowed. Run through ESLint's API
 * with the repo's own eslint.config.js, so a pure layer the config forgets
 * (or a new one) fails here.
 */

// Made-up files are in no tsconfig project: linted without the type-aware rules.
const eslint = new ESLint({ cwd: process.cwd(), overrideConfig: UNTYPED });

// Loading the config (typescript-eslint, React hooks) takes seconds on a busy machine: once, before the tests.
beforeAll(() => eslint.calculateConfigForFile('src/keys/index.ts'), 60_000);

const PURE = Object.entries(LAYERS).filter(([, layer]) => layer.pure === true);

/** Each forbidden thing, as a line of a file in the layer, and the words its message must say. */
const FORBIDDEN: readonly { readonly what: string; readonly code: string; readonly says: RegExp }[] = [
  { what: 'react', code: "import { useState } from 'react';\nexport const x = useState;\n", says: /React/ },
  { what: 'react-dom', code: "import { createRoot } from 'react-dom/client';\nexport const x = createRoot;\n", says: /React/ },
  { what: 'zustand', code: "import { createStore } from 'zustand/vanilla';\nexport const x = createStore;\n", says: /zustand/ },
  {
    what: '@tanstack/react-table',
    code: "import { createColumnHelper } from '@tanstack/react-table';\nexport const x = createColumnHelper;\n",
    says: /TanStack/,
  },
  {
    what: 'an SDK command',
    code: "import { ScanCommand } from '@aws-sdk/client-dynamodb';\nexport const x = ScanCommand;\n",
    says: /AWS SDK \*types\*.*src\/sources/,
  },
  { what: 'node:fs', code: "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n", says: /no Node APIs/ },
  { what: 'fs', code: "import { readFileSync } from 'fs';\nexport const x = readFileSync;\n", says: /no Node APIs/ },
  { what: 'window', code: 'export const x = window.innerWidth;\n', says: /browser APIs \(window\)/ },
  { what: 'document', code: "export const x = document.createElement('p');\n", says: /browser APIs \(document\)/ },
  { what: 'localStorage', code: "export const x = localStorage.getItem('k');\n", says: /browser APIs \(localStorage\)/ },
  { what: 'fetch', code: "export const x = fetch('/');\n", says: /browser APIs \(fetch\)/ },
  { what: 'localeCompare', code: "export const x = 'a'.localeCompare('b');\n", says: /UTF-8 bytes/ },
];

const PURITY_RULES = new Set(['@typescript-eslint/no-restricted-imports', 'no-restricted-globals', 'no-restricted-syntax']);

async function purityProblems(filePath: string, code: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).filter((message) => message.ruleId !== null && PURITY_RULES.has(message.ruleId)).map((message) => message.message);
}

describe('pure layers (eslint/layers.js `pure`)', { timeout: 60_000 }, () => {
  it('are the folders the issue names, and more', () => {
    expect(PURE.map(([name]) => name)).toEqual(
      expect.arrayContaining(['errors', 'dynamo', 'keys', 'expressions', 'engine', 'codegen', 'design', 'items', 'transfer', 'migrate', 'check']),
    );
  });

  it.each(PURE.map(([name]) => name))('src/%s: React, zustand, TanStack, SDK commands, Node and browser globals fail lint, naming the layer', async (name) => {
    const failures: string[] = [];
    for (const { what, code, says } of FORBIDDEN) {
      const problems = await purityProblems(`src/${name}/purityProbe.ts`, code);
      const named = problems.filter((message) => says.test(message) && (what === 'localeCompare' || message.includes(`src/${name}`)));
      if (named.length === 0) failures.push(`${what}: ${problems.length === 0 ? 'passed lint' : problems.join(' | ')}`);
    }
    expect(failures, `src/${name} lets these through`).toEqual([]);
  });

  it.each(PURE.map(([name]) => name))('src/%s: SDK types (import type) pass', async (name) => {
    expect(
      await purityProblems(
        `src/${name}/purityProbe.ts`,
        "import type { ScanCommandInput } from '@aws-sdk/client-dynamodb';\nexport type X = ScanCommandInput;\n",
      ),
    ).toEqual([]);
    expect(
      await purityProblems(`src/${name}/purityProbe.ts`, "import { type AttributeValue } from '@aws-sdk/client-dynamodb';\nexport type X = AttributeValue;\n"),
    ).toEqual([]);
  });

  it("keeps the adapters' hosts: engine/persistence/node may use Node, engine/persistence/browser the DOM; neither React nor SDK commands", async () => {
    expect(LAYERS.engine?.pureExcept).toEqual(['persistence']);
    expect(await purityProblems('src/engine/persistence/node/probe.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n")).toEqual(
      [],
    );
    expect(
      await purityProblems('src/engine/persistence/browser/probe.ts', "export const x = indexedDB.open('k');\nexport const y = navigator.locks;\n"),
    ).toEqual([]);
    expect(
      await purityProblems('src/engine/persistence/browser/probe.ts', "import { readFileSync } from 'node:fs';\nexport const x = readFileSync;\n"),
    ).toEqual([expect.stringMatching(/no Node APIs/)]);
    for (const adapter of ['node', 'browser']) {
      expect(await purityProblems(`src/engine/persistence/${adapter}/probe.ts`, "import { useState } from 'react';\nexport const x = useState;\n")).toEqual([
        expect.stringMatching(/must not depend on React/),
      ]);
      expect(
        await purityProblems(
          `src/engine/persistence/${adapter}/probe.ts`,
          "import { ScanCommand } from '@aws-sdk/client-dynamodb';\nexport const x = ScanCommand;\n",
        ),
      ).toEqual([expect.stringMatching(/AWS SDK \*types\*/)]);
    }
  });

  it('leaves the layers that are not pure to their own rules (the sources talk to DynamoDB through the SDK)', async () => {
    expect(await purityProblems('src/sources/probe.ts', "import { ScanCommand } from '@aws-sdk/client-dynamodb';\nexport const x = ScanCommand;\n")).toEqual(
      [],
    );
    expect(await purityProblems('src/ui/Probe.tsx', "import { useState } from 'react';\nexport const x = [useState, window.innerWidth];\n")).toEqual([]);
  });
});
