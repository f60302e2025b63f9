import { LiteralReader, ModuleReadError, tokenizeModule, type LiteralValue, type ObjectLiteral } from './moduleLiterals';

/** An entity definition found in a module: its schema object literal, and `new Entity`'s second argument when given. */
export interface FoundEntity {
  readonly schema: ObjectLiteral;
  readonly config?: ObjectLiteral;
  /** The module's `const NAME = "text"` declarations, to read a table name given by a constant. */
  readonly constants: ReadonlyMap<string, string>;
}

/** An object literal with model, attributes and indexes: an ElectroDB entity schema. */
function isEntitySchema(value: LiteralValue | undefined): value is ObjectLiteral {
  return value?.kind === 'object' && value.entries.has('model') && value.entries.has('attributes') && value.entries.has('indexes');
}

/**
 * Finds the ElectroDB entity definitions of a module, reading literals only:
 * `new Entity({…}, {…})` (also `new electrodb.Entity(…)`), `new Entity(name, …)`
 * for a `const name = {…}` of the module, and any declared or default-exported
 * object literal with model, attributes and indexes. Each schema once, in
 * the order of the module. Throws ModuleReadError where the text cannot be
 * tokenized or a literal is broken.
 *
 * @example
 * findElectroDbEntities('export const User = new Entity({ model: {…}, attributes: {…}, indexes: {…} }, { table: "app" });')
 * // [{ schema: { kind: 'object', entries: Map { 'model' => …, … } }, config: { kind: 'object', entries: Map { 'table' => … } } }]
 */
export function findElectroDbEntities(text: string): FoundEntity[] {
  const { tokens, positionOf } = tokenizeModule(text);
  const reader = new LiteralReader(text, tokens, positionOf);
  const declarations = new Map<string, ObjectLiteral | ModuleReadError>();
  const constants = new Map<string, string>();
  const found: FoundEntity[] = [];
  const seen = new Set<ObjectLiteral>();
  const add = (entity: FoundEntity) => {
    if (seen.has(entity.schema)) return;
    seen.add(entity.schema);
    found.push(entity);
  };
  const isToken = (at: number, kind: 'identifier' | 'punctuation', value: string) => tokens[at]?.kind === kind && tokens[at]!.text === value;
  const readObjectAt = (at: number): ObjectLiteral | undefined => {
    if (!isToken(at, 'punctuation', '{')) return undefined;
    reader.index = at;
    const value = reader.readValue();
    return value.kind === 'object' ? value : undefined;
  };

  // First the declarations (`const name = {…}`, with a type annotation or not), so `new Entity(name)` finds a later one too.
  // One that cannot be read is kept as its error: it matters only if an entity uses it.
  for (let i = 0; i < tokens.length; i += 1) {
    if (!['const', 'let', 'var'].some((keyword) => isToken(i, 'identifier', keyword)) || tokens[i + 1]?.kind !== 'identifier') continue;
    let at = i + 2;
    if (isToken(at, 'punctuation', ':')) {
      reader.index = at + 1;
      reader.skipTypeAnnotation();
      at = reader.index;
    }
    const initial = tokens[at + 1];
    if (
      isToken(at, 'punctuation', '=') &&
      initial?.kind === 'string' &&
      (isToken(at + 2, 'punctuation', ';') || tokens[at + 2] === undefined || tokens[at + 2]!.kind === 'identifier')
    ) {
      constants.set(tokens[i + 1]!.text, initial.text);
      continue;
    }
    if (!isToken(at, 'punctuation', '=') || !isToken(at + 1, 'punctuation', '{')) continue;
    try {
      const value = readObjectAt(at + 1);
      if (value) declarations.set(tokens[i + 1]!.text, value);
    } catch (error) {
      if (!(error instanceof ModuleReadError)) throw error;
      declarations.set(tokens[i + 1]!.text, error);
    }
  }
  for (const value of declarations.values()) if (!(value instanceof ModuleReadError) && isEntitySchema(value)) add({ schema: value, constants });

  for (let i = 0; i < tokens.length; i += 1) {
    if (isToken(i, 'identifier', 'export') && isToken(i + 1, 'identifier', 'default')) {
      const value = readObjectAt(i + 2);
      if (isEntitySchema(value)) add({ schema: value, constants });
      continue;
    }
    if (!isToken(i, 'identifier', 'new')) continue;
    // new Entity( or new electrodb.Entity(
    let at = i + 1;
    if (tokens[at]?.kind === 'identifier' && isToken(at + 1, 'punctuation', '.')) at += 2;
    if (!isToken(at, 'identifier', 'Entity') || !isToken(at + 1, 'punctuation', '(')) continue;
    at += 2;
    let schema: ObjectLiteral | undefined;
    if (isToken(at, 'punctuation', '{')) {
      schema = readObjectAt(at);
      at = reader.index;
    } else if (tokens[at]?.kind === 'identifier') {
      const declared = declarations.get(tokens[at]!.text);
      if (declared instanceof ModuleReadError) throw declared;
      schema = declared;
      at += 1;
    }
    if (!isEntitySchema(schema)) continue;
    let config: ObjectLiteral | undefined;
    if (isToken(at, 'punctuation', ',')) config = readObjectAt(at + 1);
    add({ schema, constants, ...(config ? { config } : {}) });
  }
  if (found.length === 0) {
    const unreadable = [...declarations.values()].find((value) => value instanceof ModuleReadError);
    if (unreadable) throw unreadable;
  }
  // In the module's order.
  return found.sort((a, b) => a.schema.at.line - b.schema.at.line || a.schema.at.column - b.schema.at.column);
}
