/**
 * Regenerates src/codegen/keyDesignRuntime.generated.ts, the codecs of the
 * key-design module Keylab exports for a user's backend, from the real
 * sources: `npm run generate:key-runtime`.
 *
 * The input is src/keys/codecs (a folder that imports nothing outside itself)
 * and src/codegen/keyDesignApi.ts (KeyDesignError and the design object).
 * With the TypeScript compiler API, every file's imports are dropped and its
 * `export`s removed (except the module's public KeyDesignError and
 * KeyDesignFinding), and only the declarations the API reaches are kept, in
 * dependency order. The exported module therefore runs exactly the code the
 * key builder runs, messages included; a unit test regenerates the text in
 * memory and fails while the committed file is stale.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { REPO_ROOT } from './paths';

export const CODEC_DIR = 'src/keys/codecs';
export const API_FILE = 'src/codegen/keyDesignApi.ts';
export const KEY_RUNTIME_OUTPUT = 'src/codegen/keyDesignRuntime.generated.ts';
export const GENERATE_COMMAND = 'npm run generate:key-runtime';

/** What the exported module exports from the runtime, beside its own encode<Name> / decode<Name>. */
const PUBLIC_NAMES: ReadonlySet<string> = new Set(['KeyDesignError', 'KeyDesignFinding']);

export interface RuntimeSource {
  /** Repository-relative path, for messages and section comments. */
  readonly path: string;
  readonly text: string;
}

export interface RuntimeSources {
  /** The codec folder's files (no tests, no index). */
  readonly codecs: readonly RuntimeSource[];
  /** The file whose declarations the exported module calls. */
  readonly api: RuntimeSource;
}

interface Declaration {
  readonly file: string;
  readonly names: readonly string[];
  readonly references: ReadonlySet<string>;
  readonly text: string;
}

/** Reads the sources from the working tree. */
export function readRuntimeSources(root = REPO_ROOT): RuntimeSources {
  const codecs = readdirSync(path.join(root, CODEC_DIR))
    .filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts') && name !== 'index.ts')
    .sort()
    .map((name) => ({ path: `${CODEC_DIR}/${name}`, text: readFileSync(path.join(root, CODEC_DIR, name), 'utf8') }));
  return { codecs, api: { path: API_FILE, text: readFileSync(path.join(root, API_FILE), 'utf8') } };
}

/**
 * The runtime as TypeScript source text: the declarations the API file
 * reaches, imports dropped, `export` kept only on the public names.
 * Throws when a codec imports from outside its folder, the API imports a name
 * the codecs do not declare, or two files declare the same top-level name.
 */
export function buildKeyDesignRuntime(sources: RuntimeSources): { text: string; names: string[] } {
  const codecFiles = new Map(sources.codecs.map((source) => [path.posix.basename(source.path, '.ts'), source]));
  const parsed = new Map<string, { source: RuntimeSource; file: ts.SourceFile; imports: string[] }>();
  for (const [module, source] of codecFiles) {
    const file = ts.createSourceFile(source.path, source.text, ts.ScriptTarget.Latest, true);
    const imports = importsOf(file).map(({ specifier }) => {
      const local = /^\.\/([\w.-]+)$/.exec(specifier)?.[1];
      if (local === undefined || !codecFiles.has(local)) {
        throw new Error(
          `${source.path} imports "${specifier}", which is outside ${CODEC_DIR}: the codecs must be self-contained (they become the exported module).`,
        );
      }
      return local;
    });
    parsed.set(module, { source, file, imports });
  }

  const declarations: Declaration[] = [];
  for (const module of dependencyOrder(parsed)) {
    const { source, file } = parsed.get(module) as { source: RuntimeSource; file: ts.SourceFile };
    declarations.push(...declarationsOf(file, source.path, false));
  }
  const codecNames = new Set(declarations.flatMap((declaration) => declaration.names));

  const apiFile = ts.createSourceFile(sources.api.path, sources.api.text, ts.ScriptTarget.Latest, true);
  for (const { specifier, names } of importsOf(apiFile)) {
    for (const name of names) {
      if (!codecNames.has(name))
        throw new Error(`${sources.api.path} imports ${name} from "${specifier}", which ${CODEC_DIR} does not declare: the runtime has only the codecs.`);
    }
  }
  const api = declarationsOf(apiFile, sources.api.path, true);
  declarations.push(...api);

  const owners = new Map<string, Declaration>();
  for (const declaration of declarations) {
    for (const name of declaration.names) {
      const other = owners.get(name);
      if (other)
        throw new Error(`${name} is declared in both ${other.file} and ${declaration.file}: the runtime is one module, so top-level names must be unique.`);
      owners.set(name, declaration);
    }
  }

  // Keep what the API reaches: the exported module must not carry code it never runs.
  const kept = new Set<Declaration>();
  const pending = [...api];
  while (pending.length > 0) {
    const declaration = pending.pop() as Declaration;
    if (kept.has(declaration)) continue;
    kept.add(declaration);
    for (const reference of declaration.references) {
      const owner = owners.get(reference);
      if (owner && !kept.has(owner)) pending.push(owner);
    }
  }

  const sections: string[] = [];
  let currentFile = '';
  for (const declaration of declarations) {
    if (!kept.has(declaration)) continue;
    if (declaration.file !== currentFile) {
      currentFile = declaration.file;
      sections.push(`// --- ${currentFile} ---`);
    }
    sections.push(declaration.text);
  }
  const names = declarations.filter((declaration) => kept.has(declaration)).flatMap((declaration) => declaration.names);
  return { text: sections.join('\n\n'), names: names.sort() };
}

/** The generated TypeScript module: the runtime text and its top-level names. */
export function generateKeyDesignRuntime(sources: RuntimeSources = readRuntimeSources()): string {
  const runtime = buildKeyDesignRuntime(sources);
  const body = [
    '',
    '// ---------------------------------------------------------------------------',
    "// Codecs (generated by Keylab from its own sources: the same code as Keylab's key builder)",
    '// ---------------------------------------------------------------------------',
    '',
    runtime.text,
    '',
  ].join('\n');
  return `/*
 * GENERATED by scripts/generate-key-runtime.ts from ${CODEC_DIR}/*.ts and
 * ${API_FILE}. Do not edit: change those files and run
 * \`${GENERATE_COMMAND}\` (a unit test fails while this file is stale).
 *
 * The codecs of the exported key-design module (exportKeyDesignModule), as
 * TypeScript source text appended to every exported module.
 */

/** The runtime part of an exported key-design module. */
export const KEY_DESIGN_RUNTIME = \`${escapeTemplateLiteral(body)}\`;

/** Its top-level names, which the module's own declarations must not reuse. */
export const KEY_DESIGN_RUNTIME_NAMES: readonly string[] = [
${wrapList(
  runtime.names.map((name) => `'${name}',`),
  '  ',
  100,
)}
];
`;
}

/** Items joined by spaces, broken into lines of at most `width` characters. */
function wrapList(items: readonly string[], indent: string, width: number): string {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    if (line && indent.length + line.length + 1 + item.length > width) {
      lines.push(indent + line);
      line = item;
    } else line = line ? `${line} ${item}` : item;
  }
  if (line) lines.push(indent + line);
  return lines.join('\n');
}

function escapeTemplateLiteral(text: string): string {
  return text.replace(/\\/g, '\\\\').replace(/`/g, '\\`').replace(/\$\{/g, '\\${');
}

function importsOf(file: ts.SourceFile): Array<{ specifier: string; names: string[] }> {
  return file.statements.filter(ts.isImportDeclaration).map((statement) => {
    const specifier = (statement.moduleSpecifier as ts.StringLiteral).text;
    const bindings = statement.importClause?.namedBindings;
    const names = bindings && ts.isNamedImports(bindings) ? bindings.elements.map((element) => (element.propertyName ?? element.name).text) : [];
    return { specifier, names };
  });
}

/** Files after the files they import, ties in name order, so every constant is initialised before code that runs at load uses it. */
function dependencyOrder(files: ReadonlyMap<string, { imports: readonly string[] }>): string[] {
  const order: string[] = [];
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (module: string, trail: readonly string[]) => {
    if (state.get(module) === 'done') return;
    if (state.get(module) === 'visiting') throw new Error(`Import cycle in ${CODEC_DIR}: ${[...trail, module].join(' → ')}.`);
    state.set(module, 'visiting');
    for (const imported of [...(files.get(module)?.imports ?? [])].sort()) visit(imported, [...trail, module]);
    state.set(module, 'done');
    order.push(module);
  };
  for (const module of [...files.keys()].sort()) visit(module, []);
  return order;
}

/** The top-level declarations of a file, imports dropped, `export` removed unless public here. */
function declarationsOf(file: ts.SourceFile, filePath: string, isApi: boolean): Declaration[] {
  const declarations: Declaration[] = [];
  for (const statement of file.statements) {
    if (ts.isImportDeclaration(statement)) continue;
    if (ts.isExportDeclaration(statement) || ts.isExportAssignment(statement)) {
      throw new Error(`${filePath}: re-exports and default exports can't be inlined; declare the thing here or import it where it is used.`);
    }
    const names = declaredNames(statement);
    if (names.length === 0)
      throw new Error(
        `${filePath}: a top-level statement that declares nothing (${statement.getText(file).slice(0, 40)}…) would run in every exported module.`,
      );
    const isPublic = isApi && names.every((name) => PUBLIC_NAMES.has(name));
    // A public declaration keeps its doc comment (users see it in their editor); the codecs' comments speak of Keylab's internals.
    const start = statement.getStart(file, isPublic);
    const exportKeyword = ts.canHaveModifiers(statement)
      ? ts.getModifiers(statement)?.find((modifier) => modifier.kind === ts.SyntaxKind.ExportKeyword)
      : undefined;
    let text = file.text.slice(start, statement.end);
    if (exportKeyword && !isPublic) {
      text = file.text.slice(start, exportKeyword.getStart(file)) + file.text.slice(exportKeyword.end, statement.end).trimStart();
    }
    declarations.push({ file: filePath, names, references: referencedNames(statement, names), text });
  }
  return declarations;
}

function declaredNames(statement: ts.Statement): string[] {
  if (ts.isVariableStatement(statement)) return statement.declarationList.declarations.flatMap((declaration) => bindingNames(declaration.name));
  if (
    (ts.isFunctionDeclaration(statement) ||
      ts.isClassDeclaration(statement) ||
      ts.isInterfaceDeclaration(statement) ||
      ts.isTypeAliasDeclaration(statement) ||
      ts.isEnumDeclaration(statement)) &&
    statement.name
  ) {
    return [statement.name.text];
  }
  return [];
}

function bindingNames(name: ts.BindingName): string[] {
  if (ts.isIdentifier(name)) return [name.text];
  return name.elements.flatMap((element) => (ts.isBindingElement(element) ? bindingNames(element.name) : []));
}

/** Every identifier the statement mentions (an over-approximation of what it uses: property names count too). */
function referencedNames(statement: ts.Statement, own: readonly string[]): Set<string> {
  const names = new Set<string>();
  const walk = (node: ts.Node) => {
    if (ts.isIdentifier(node)) names.add(node.text);
    ts.forEachChild(node, walk);
  };
  walk(statement);
  for (const name of own) names.delete(name);
  return names;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  writeFileSync(path.join(REPO_ROOT, KEY_RUNTIME_OUTPUT), generateKeyDesignRuntime());
  console.log(`wrote ${KEY_RUNTIME_OUTPUT}`);
}
