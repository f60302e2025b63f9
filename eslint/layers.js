// @ts-check
/**
 * Keylab's layers and the one rule that keeps imports between them in line:
 * which layer may import which (LAYERS), and that a layer is entered only
 * through its index.ts (or one of the few ENTRY_POINTS below). Used by
 * eslint.config.js as the `keylab/layer-imports` rule.
 */
import path from 'node:path';

/**
 * What each folder of src/ may import from the others. Imports flow
 * ui → state → sources → engine → expressions → keys; codegen (which reads designs) sits beside
 * the state and the UI (nothing below them may import it); errors and dynamo are under
 * everything (errors imports nothing, dynamo only errors); the Node server uses the core and the
 * sources but never the UI or its stores. `typeOnly`: allowed for `import type`.
 *
 * `pure`: the layer runs anywhere (browser, Node, a worker) with no I/O of its own: no React, DOM,
 * zustand, Node API or AWS SDK runtime (SDK types are fine); `pureExcept` lists its sub-folders that
 * are adapters to a host (checked by the app or Node tsconfig instead). eslint.config.js and
 * tsconfig.core.json are derived from these flags.
 * `summary`: one line for the architecture section of the docs (generated from this table).
 *
 * @type {Record<string, { mayImport: readonly string[], typeOnly?: readonly string[], hint?: string, pure?: boolean, pureExcept?: readonly string[], summary: string }>}
 */
export const LAYERS = {
  errors: {
    mayImport: [],
    pure: true,
    summary: "Keylab's own error codes (KeylabError, matches()), the one command-line parser and the tests' expectOk / expectErr; imports nothing.",
  },
  dynamo: {
    mayImport: ['errors'],
    pure: true,
    summary:
      "DynamoDB's data model and wire facts: Item and AttributeValue, the DynamoDB-JSON codec, binary as text, limits, the loopback check, the retry policy.",
    hint: 'src/dynamo is under every layer but errors: it holds DynamoDB facts and imports nothing of Keylab above it.',
  },
  keys: {
    mayImport: ['dynamo', 'errors'],
    pure: true,
    summary: "DynamoDB's order (one comparator), number normalisation, field codecs, key templates, the width advisor.",
  },
  expressions: {
    mayImport: ['keys', 'dynamo', 'errors'],
    pure: true,
    summary: "DynamoDB's expression language: parse, print, validate with DynamoDB's messages, evaluate, build.",
  },
  engine: {
    mayImport: ['expressions', 'keys', 'dynamo', 'errors'],
    pure: true,
    pureExcept: ['persistence'],
    summary:
      'The built-in DynamoDB: the SDK client’s methods with DynamoDB’s semantics, indexes, streams, TTL; persistence/ holds the IndexedDB and file adapters.',
  },
  codegen: {
    mayImport: ['design', 'expressions', 'keys', 'dynamo', 'errors'],
    pure: true,
    summary: 'Code to paste: requests as SDK v3, DocumentClient, boto3 or AWS CLI; the key design as a module; entity code.',
  },
  design: {
    mayImport: ['expressions', 'keys', 'dynamo', 'errors'],
    pure: true,
    summary: 'Designs: the document and its formats (Workbench, OneTable, CloudFormation), review rules, share links, slides, diffs.',
    hint: 'The design layer is pure: it describes tables and runs nothing (the stores run patterns on the engine).',
  },
  items: {
    mayImport: ['engine', 'expressions', 'keys', 'dynamo', 'errors'],
    pure: true,
    summary: 'The item editor’s model: read and check items, build conditional writes.',
    hint: 'The item editor model is pure: it reads and checks items (with the engine’s reader) and writes nothing.',
  },
  transfer: {
    mayImport: ['engine', 'expressions', 'keys', 'items', 'dynamo', 'errors'],
    pure: true,
    summary: 'Import, export and bulk delete: formats, batching, resumable progress, over a data source it is given.',
    hint: 'Import, export and bulk delete are pure: the data source (the explorer’s, or an SDK client in scripts/) is passed in.',
  },
  migrate: {
    mayImport: ['design', 'items', 'expressions', 'keys', 'dynamo', 'errors'],
    typeOnly: ['engine'],
    pure: true,
    summary: 'Re-key migrations: the plan, the resumable runner and the generated migration programs.',
    hint: 'Migrations are pure: the plan, the runner and the scripts talk to a data source they are given (types from the engine index only).',
  },
  sources: {
    mayImport: ['engine', 'expressions', 'keys', 'dynamo', 'errors'],
    summary: 'Data sources: the built-in table (engine, IndexedDB, samples) and remote DynamoDB through the SDK client.',
  },
  check: {
    mayImport: ['design', 'migrate', 'engine', 'codegen', 'expressions', 'keys', 'dynamo', 'errors'],
    pure: true,
    summary: 'The checks behind `keylab check|diff|format`: read designs, review, run patterns, locate findings, write reports.',
    hint: 'The design checks are pure: they read design text, run the review and the patterns on the built-in engine, and write reports (the keylab command in src/cli does the files and the exit code).',
  },
  cli: {
    mayImport: ['check', 'design', 'migrate', 'engine', 'codegen', 'expressions', 'keys', 'dynamo', 'errors'],
    summary: 'The `keylab` command (Node): files, globs, git revisions and the exit code around src/check.',
    hint: 'The keylab command is a thin Node shell over src/check: it never loads the UI, its stores or the server.',
  },
  state: {
    mayImport: ['check', 'design', 'migrate', 'items', 'transfer', 'sources', 'engine', 'expressions', 'keys', 'codegen', 'dynamo', 'errors'],
    summary: 'Vanilla zustand stores, testable without React, built in one composition root.',
  },
  ui: {
    mayImport: ['state', 'check', 'design', 'migrate', 'items', 'transfer', 'sources', 'codegen', 'expressions', 'keys', 'dynamo', 'errors'],
    typeOnly: ['engine'],
    summary: 'React panels that render store state and dispatch actions.',
    hint: 'The UI reaches the engine through src/state and src/sources (types from the engine index are fine).',
  },
  server: {
    mayImport: ['sources', 'engine', 'expressions', 'keys', 'codegen', 'dynamo', 'errors'],
    summary: 'Node only: `npm start`’s server, the loopback proxy, the profile signer and the DynamoDB-compatible endpoint.',
    hint: 'The Node server never loads the UI or its stores.',
  },
  // src/main.tsx: the browser entry, which builds the stores and renders the UI.
  '(root)': { mayImport: ['ui', 'state', 'sources'], summary: 'The browser entry (main.tsx), which builds the stores and renders the UI.' },
};

/**
 * Modules entered directly rather than through their layer's index, each for
 * a reason the index cannot serve.
 *
 * @type {Record<string, string>}
 */
export const ENTRY_POINTS = {
  'errors/testing': 'expectOk and expectErr, for tests of every layer (the app never imports them)',
  'engine/persistence/node': 'Node-only storage for the endpoint (the engine index runs in browsers)',
  'engine/persistence/browser': 'IndexedDB storage (kept out of the index so Node never loads it)',
  'sources/remoteDynamoDB': 'the AWS SDK client, loaded on demand as its own chunk',
  'sources/wireClient':
    'the SDK commands of import’s and export’s fast paths (npm run import/export, the bench), kept out of the index the browser loads before the first paint',
  'design/share': 'the Share link codec and its compression library (fflate), loaded when Share is used or a link is opened, not before the first paint',
  'design/review': 'the review rules, loaded with the Design review region, the review document and the slides (not before the first paint)',
  'design/reviewDocument': 'the review document model and Markdown writer, loaded with Export review and the Review document region',
  'design/present': 'the slide model, loaded when Present is used',
  'design/diff': 'the structural diff (it runs the review on both designs), loaded with Compare designs and Versions',
  'check/runAccessPatterns':
    'the access-pattern run (and, through it, the built-in engine), loaded on the first run of the Access patterns region, not before the first paint',
  'check/runAccessPatterns.types': 'the pattern run’s types and its error wording, which the Access patterns store needs before the run itself is loaded',
  'state/design/review': 'the design review store, loaded with the Design review region',
  'state/design/reviewPatternResults': 'pattern results for the review document, loaded with Export review and the Review document region',
  'state/explorer/partiql': 'the PartiQL tab’s store, built on first use by the composition root (not before the first paint)',
  'state/explorer/tableDetails': 'the table details store (TTL, tags, Add index), built on first use by the composition root',
  'state/explorer/itemEditor': 'the item editor store (New item, Edit item), built on first use by the composition root',
  'state/explorer/tables': 'the Create table and Delete table store, built on first use by the composition root',
  'state/explorer/transfer': 'the Import…, Export… and bulk delete store (and src/transfer), built on first use by the composition root',
  'state/migrate': 'the Migrate keys store (and src/migrate), built on first use when the Migrate keys tab is first shown',
  'sources/remoteEndpoints': 'connection helpers shared with the Node server (the index also holds the browser’s IndexedDB table)',
  'sources/readOnlyDataSource':
    'the read-only wrapper, used by the connection store before the first paint (the index also holds the browser’s IndexedDB table)',
  'sources/confirmingDataSource': 'the AWS write-confirmation wrapper, beside the read-only one (same reason)',
};

/**
 * The layer a file of src/ belongs to, and its path inside the layer
 * (without extension); undefined outside src/.
 * @param {string} file absolute path
 * @param {string} srcDir absolute path of src/
 */
function placeOf(file, srcDir) {
  const relative = path.relative(srcDir, file);
  if (relative.startsWith('..') || path.isAbsolute(relative)) return undefined;
  const parts = relative.split(path.sep);
  // `src/state` itself (an import of the index) is the layer; any other lone name is a file of src/ (main.tsx).
  if (parts.length === 1 && !((parts[0] ?? '') in LAYERS)) return { layer: '(root)', inner: parts[0]?.replace(/\.[cm]?[jt]sx?$/, '') ?? '' };
  return {
    layer: parts[0] ?? '',
    inner: parts
      .slice(1)
      .join('/')
      .replace(/\.[cm]?[jt]sx?$/, ''),
  };
}

/** @param {any} node an ImportDeclaration / Export*Declaration */
function isTypeOnly(node) {
  if (node.importKind === 'type' || node.exportKind === 'type') return true;
  const specifiers = node.specifiers ?? [];
  return specifiers.length > 0 && specifiers.every((/** @type {any} */ specifier) => specifier.importKind === 'type' || specifier.exportKind === 'type');
}

/** @type {import('eslint').Rule.RuleModule} */
const layerImports = {
  meta: {
    type: 'problem',
    // `eslint --fix` points a file import at its layer's index (the index must export the name).
    fixable: 'code',
    docs: { description: 'Imports between the folders of src/ follow the layer order and go through each layer’s index.ts' },
    schema: [],
    messages: {
      direction:
        'src/{{from}} must not import src/{{to}} ({{specifier}}). Imports flow ui → state → sources → engine → expressions → keys; codegen serves only state and ui; errors is under all; the server never imports ui or state. {{hint}}',
      typeOnly: 'src/{{from}} may only import types from src/{{to}} (import type …). {{hint}}',
      entry:
        "Import src/{{to}} through its index ('{{index}}'), not its file '{{to}}/{{inner}}': the index is the layer's public surface (export what you need from it).",
    },
  },
  create(context) {
    const srcDir = path.join(context.cwd, 'src');
    const here = placeOf(context.filename, srcDir);
    if (!here || !(here.layer in LAYERS)) return {};
    const rules = LAYERS[here.layer];
    if (!rules) return {};

    /** @param {any} node @param {any} source */
    function check(node, source) {
      if (!source || typeof source.value !== 'string' || !source.value.startsWith('.')) return;
      // Stylesheets and other assets are not modules of a layer.
      if (/\.(?!(?:[cm]?[jt]sx?)$)[a-z0-9]+$/i.test(source.value)) return;
      const target = placeOf(path.resolve(path.dirname(context.filename), source.value), srcDir);
      if (!target || target.layer === here?.layer || target.layer === '(root)' || !(target.layer in LAYERS)) return;
      const data = { from: here?.layer ?? '', to: target.layer, specifier: source.value, hint: rules?.hint ?? '' };
      if (!rules?.mayImport.includes(target.layer)) {
        if (rules?.typeOnly?.includes(target.layer) && node.type !== 'ImportExpression' && isTypeOnly(node)) {
          // Allowed: types only, and still through the index (checked below).
        } else {
          context.report({ node: source, messageId: rules?.typeOnly?.includes(target.layer) ? 'typeOnly' : 'direction', data });
          return;
        }
      }
      const inner = target.inner.replace(/(?:^|\/)index$/, '');
      if (inner === '' || `${target.layer}/${inner}` in ENTRY_POINTS) return;
      const toIndex = path.relative(path.dirname(context.filename), path.join(srcDir, target.layer)).split(path.sep).join('/');
      const index = toIndex.startsWith('.') ? toIndex : `./${toIndex}`;
      const quote = source.raw?.[0] ?? "'";
      context.report({
        node: source,
        messageId: 'entry',
        data: { ...data, inner: target.inner, index },
        fix: (fixer) => fixer.replaceText(source, `${quote}${index}${quote}`),
      });
    }

    return {
      ImportDeclaration: (node) => check(node, node.source),
      ExportNamedDeclaration: (node) => check(node, node.source),
      ExportAllDeclaration: (node) => check(node, node.source),
      ImportExpression: (node) => check(node, node.source),
    };
  },
};

export const layersPlugin = { rules: { 'layer-imports': layerImports } };
