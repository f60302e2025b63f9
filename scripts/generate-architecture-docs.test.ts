import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  END_MARKER,
  generateArchitectureDocs,
  GENERATE_ARCHITECTURE_DOCS_COMMAND,
  DOCS_FILE,
  loadLayers,
  renderArchitecture,
  replaceArchitectureSection,
  START_MARKER,
} from './generate-architecture-docs';
import { REPO_ROOT } from './paths';

describe('the layer table of docs/architecture.md', () => {
  it('is what the generator writes from eslint/layers.js', async () => {
    const committed = readFileSync(path.join(REPO_ROOT, DOCS_FILE), 'utf8');
    const fresh = await generateArchitectureDocs();
    if (committed !== fresh)
      expect(committed, `${DOCS_FILE}'s layer table is stale: run \`${GENERATE_ARCHITECTURE_DOCS_COMMAND}\` and commit the result`).toBe(fresh);
  });

  it('names every folder of src/ (each is a layer of LAYERS)', async () => {
    const { LAYERS } = await loadLayers();
    const folders = readdirSync(path.join(REPO_ROOT, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => entry.name);
    expect(
      folders.filter((folder) => !(folder in LAYERS)),
      'folders of src/ missing from LAYERS in eslint/layers.js',
    ).toEqual([]);
    const page = readFileSync(path.join(REPO_ROOT, DOCS_FILE), 'utf8');
    for (const folder of folders) expect(page).toContain(`| \`src/${folder}\` |`);
  });
});

describe('renderArchitecture', () => {
  it('writes one row per layer (pure or not, what it may import, types only marked) and one per entry point', () => {
    const text = renderArchitecture({
      LAYERS: {
        errors: { mayImport: [], pure: true, summary: 'Error codes.' },
        engine: { mayImport: ['errors'], pure: true, pureExcept: ['persistence'], summary: 'The engine | its adapters.' },
        ui: { mayImport: ['errors'], typeOnly: ['engine'], summary: 'Panels\nthat render.' },
        '(root)': { mayImport: ['ui'], summary: 'The entry.' },
      },
      ENTRY_POINTS: { 'engine/persistence/node': 'Node-only storage' },
    });
    expect(text).toContain(GENERATE_ARCHITECTURE_DOCS_COMMAND);
    expect(text.split('\n')).toEqual(
      expect.arrayContaining([
        '| `src/errors` | pure | nothing | Error codes. |',
        '| `src/engine` | pure, except `persistence/` | `errors` | The engine \\| its adapters. |',
        '| `src/ui` | no | `errors`, `engine` (types only) | Panels that render. |',
        '| `src/*.tsx` (the entry) | no | `ui` | The entry. |',
        '| `src/engine/persistence/node` | Node-only storage |',
      ]),
    );
  });

  it('replaces only the text between the markers, and refuses a page without them', () => {
    const page = `# A\n\nprose\n${START_MARKER}\nold\n${END_MARKER}\nmore prose\n`;
    expect(replaceArchitectureSection(page, 'new')).toBe(`# A\n\nprose\n${START_MARKER}\nnew\n${END_MARKER}\nmore prose\n`);
    expect(() => replaceArchitectureSection('# A\n', 'new')).toThrow(`${DOCS_FILE} needs exactly one ${START_MARKER} followed by one ${END_MARKER}`);
  });
});
