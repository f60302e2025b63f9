import fc from 'fast-check';
import ts from 'typescript';
import { beforeAll, describe, expect, it } from 'vitest';
import { compileKeyTemplate, parseKeyTemplate, type FieldFormat, type KeyRole, type KeyTemplate } from '../keys';
import { exportKeyDesignModule, exportKeyDesignsModule } from './exportKeyDesignModule';
import { KEY_DESIGN_RUNTIME, KEY_DESIGN_RUNTIME_NAMES } from './keyDesignRuntime.generated';
import { expectOk } from '../errors/testing';

/*
 * The exported module is compiled with the TypeScript compiler (strict type
 * check, then transpiled and run) and must agree with src/keys on every
 * value: the same key, the same fields back, the same findings — codes,
 * fields and messages.
 */

const TEMPLATES: ReadonlyArray<{ text: string; name: string; role?: KeyRole }> = [
  { text: '{score:int(10)}#{at:iso}#{playerId}', name: 'RankKey' },
  { text: '{score:int(6,desc)}#{playerId}', name: 'TopScore' },
  { text: 'EVT#{ts:epoch(10)}#{ms:epochms(13)}', name: 'EventKey' },
  { text: '{price:dec(6,2)}|{delta:sint(4)}|{at:iso(ms)}', name: 'PriceKey' },
  { text: 'USER#{tenant}##{id}', name: 'UserKey', role: 'partition' },
];

interface Compiled {
  encode(fields: Record<string, string | undefined>): string;
  decode(key: string): Record<string, string>;
}

function parse(text: string): KeyTemplate {
  const parsed = parseKeyTemplate(text);
  expectOk(parsed);
  return parsed.value;
}

const sources = [
  ...TEMPLATES.map(({ text, name, role }) => ({
    file: `/virtual/${name}.ts`,
    source: exportKeyDesignModule(parse(text), { name, ...(role ? { role } : {}) }),
  })),
  // A name whose functions would be the runtime's own encodeField / decodeField.
  { file: '/virtual/Field.ts', source: exportKeyDesignModule(parse('{id}'), { name: 'Field' }) },
  // Several keys in one module (the entity code's keys module): names made unique, the runtime once.
  { file: '/virtual/Many.ts', source: manyKeysModule().text },
];

function manyKeysModule() {
  return exportKeyDesignsModule(
    [
      { name: 'Run rankKey', template: parse('{score:int(10)}#{playerId}'), role: 'sort', title: 'Run.rankKey */' },
      { name: 'Run-rank key', template: parse('{score:int(6,desc)}'), role: 'sort', title: 'Run.rank key' },
      { name: 'Field', template: parse('{id}'), role: 'partition', title: 'Field' },
      { name: '注文', template: parse('ORDER#{id}'), role: 'partition', title: '注文.PK' },
    ],
    'the keys of table `Shop` */',
  );
}
const modules = new Map<string, Compiled>();

function typeCheck(): string[] {
  // As strict as a careful backend's tsconfig: dead code in the runtime (a declaration nothing uses) fails too.
  const options: ts.CompilerOptions = {
    strict: true,
    noUncheckedIndexedAccess: true,
    exactOptionalPropertyTypes: true,
    noUnusedLocals: true,
    noUnusedParameters: true,
    noImplicitReturns: true,
    noEmit: true,
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2022.d.ts'],
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const readFile = host.readFile.bind(host);
  const fileExists = host.fileExists.bind(host);
  host.readFile = (file) => sources.find((entry) => entry.file === file)?.source ?? readFile(file);
  host.fileExists = (file) => sources.some((entry) => entry.file === file) || fileExists(file);
  const program = ts.createProgram(
    sources.map((entry) => entry.file),
    options,
    host,
  );
  return ts
    .getPreEmitDiagnostics(program)
    .map((diagnostic) => `${diagnostic.file?.fileName ?? ''}: ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`);
}

beforeAll(() => {
  for (const [index, { name }] of TEMPLATES.entries()) {
    const { outputText } = ts.transpileModule((sources[index] as { source: string }).source, {
      compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 },
    });
    const exports: Record<string, unknown> = {};
    new Function('exports', outputText)(exports);
    modules.set(name, { encode: exports[`encode${name}`] as Compiled['encode'], decode: exports[`decode${name}`] as Compiled['decode'] });
  }
});

interface Finding {
  code: string;
  message: string;
  field?: string;
}

/** What the module does with `action`: the value, or the findings (code, message, field) of the KeyDesignError it throws. */
function outcome<T>(action: () => T): { ok: true; value: T } | { ok: false; findings: Finding[]; errorMessage: string } {
  try {
    return { ok: true, value: action() };
  } catch (error) {
    const findings = (error as { findings?: Finding[] }).findings;
    if (!findings || !(error instanceof Error) || error.name !== 'KeyDesignError') throw error;
    return { ok: false, findings: findings.map(({ code, message, field }) => ({ code, message, ...(field ? { field } : {}) })), errorMessage: error.message };
  }
}

/** The same shape from src/keys: the error's message is the findings' messages, one a line. */
function keysOutcome<T>(result: { ok: true; value: T } | { ok: false; findings: ReadonlyArray<Finding> }) {
  if (result.ok) return result;
  const findings = result.findings.map(({ code, message, field }) => ({ code, message, ...(field ? { field } : {}) }));
  return { ok: false as const, findings, errorMessage: findings.map((finding) => finding.message).join('\n') };
}

// Values near and beyond each format's edges, valid and not.
const digits = (max: number) => fc.string({ unit: fc.constantFrom('0', '1', '5', '9'), minLength: 1, maxLength: max });
const numberText = fc.oneof(
  digits(14),
  digits(8).map((d) => `-${d}`),
  fc.tuple(digits(7), digits(4)).map(([a, b]) => `${a}.${b}`),
  fc.tuple(digits(3), fc.integer({ min: -3, max: 12 })).map(([a, e]) => `${a}e${e}`),
  fc.constantFrom('', '0', '-0', '+5', '1e3', '.5', '5.', '0.10', 'abc', '12345678901234567890123456789012345678', '1'.repeat(39)),
);
const isoText = fc.oneof(
  fc
    .tuple(fc.integer({ min: -62_000_000_000_000, max: 253_402_300_799_999 }), fc.boolean())
    .map(([ms, keepMs]) => new Date(keepMs ? ms : ms - (ms % 1000)).toISOString()),
  fc
    .tuple(fc.integer({ min: 0, max: 4_000_000_000_000 }), fc.constantFrom('+09:00', '-05:30', 'Z', '', '.123456Z', '.1234567+01:00'))
    .map(([ms, suffix]) => new Date(ms - (ms % 1000)).toISOString().slice(0, 19) + suffix),
  fc.constantFrom('2026-02-30T00:00:00Z', '2026-06-23', '6/23/2026', '2026-06-23T24:00:00Z', '0000-02-29T00:00:00Z', '9999-12-31T23:59:59.999Z'),
);
const textValue = fc.oneof(fc.string({ unit: 'grapheme', maxLength: 8 }), fc.constantFrom('a#b', 'x|', 'p_8842', 'ends#', '\ud800x', '', 'é🏆'));
const fieldValue = fc.oneof(numberText, isoText, textValue, fc.constant(undefined));

/** Mostly values the field's format is made for (so whole keys encode and decode), sometimes anything. */
function valueFor(format: FieldFormat): fc.Arbitrary<string | undefined> {
  const fitting = (() => {
    switch (format.kind) {
      case 'int':
        return digits(format.width + 1);
      case 'epoch':
        return fc.oneof(digits(format.width + 1), isoText);
      case 'sint':
        return fc.tuple(fc.boolean(), digits(format.width + 1)).map(([negative, d]) => (negative ? `-${d}` : d));
      case 'dec':
        return fc.tuple(digits(format.integerDigits + 1), fc.option(digits(format.fractionDigits + 1))).map(([a, b]) => (b === null ? a : `${a}.${b}`));
      case 'iso':
        return isoText;
      case 'string':
        return textValue;
    }
  })();
  return fc.oneof({ arbitrary: fitting, weight: 6 }, { arbitrary: fieldValue, weight: 1 });
}

describe.each(TEMPLATES)('exported module for $text', ({ text, name, role }) => {
  const template = parse(text);
  const compiled = compileKeyTemplate(template, role ?? 'sort');
  const fieldNames = compiled.fields.map((field) => field.name);
  let encodedKeys = 0;

  it('encodes and decodes exactly as src/keys does, errors included', () => {
    const module = modules.get(name) as Compiled;
    fc.assert(
      fc.property(fc.tuple(...compiled.fields.map((field) => valueFor(field.format))), (values) => {
        const fields = Object.fromEntries(fieldNames.map((field, index) => [field, values[index]]));
        const expected = keysOutcome(compiled.encode(fields));
        expect(outcome(() => module.encode(fields))).toEqual(expected);
        if (expected.ok) {
          encodedKeys++;
          expect(outcome(() => module.decode(expected.value))).toEqual(keysOutcome(compiled.decode(expected.value)));
          // A damaged key: one character changed or the key cut short.
          const damaged = expected.value.slice(0, -1);
          expect(outcome(() => module.decode(damaged))).toEqual(keysOutcome(compiled.decode(damaged)));
        }
      }),
      { numRuns: 400 },
    );
    // Most runs must produce a key, or the decode half of this property would test nothing.
    expect(encodedKeys).toBeGreaterThan(100);
  });

  it('decodes arbitrary text as src/keys does', () => {
    const module = modules.get(name) as Compiled;
    fc.assert(
      fc.property(fc.string({ unit: fc.constantFrom('0', '9', '-', '.', '#', '|', 'T', 'Z', ':', 'E', 'V', 'a'), maxLength: 40 }), (key) => {
        expect(outcome(() => module.decode(key))).toEqual(keysOutcome(compiled.decode(key)));
      }),
      { numRuns: 300 },
    );
  });
});

describe('the exported module', () => {
  it('type-checks under strict TypeScript on its own (no imports, no unused declarations)', () => {
    expect(typeCheck()).toEqual([]);
    for (const { source } of sources) expect(source).not.toMatch(/^import /m);
  }, 30_000);

  it("rejects a score wider than its field, and a date that is not ISO, with the key builder's own messages", () => {
    const module = modules.get('RankKey') as Compiled;
    const compiled = compileKeyTemplate(parse('{score:int(10)}#{at:iso}#{playerId}'));
    expect(module.encode({ score: '1500', at: '2026-06-23T10:00:00Z', playerId: 'p_8842' })).toBe('0000001500#2026-06-23T10:00:00Z#p_8842');
    // keys.padOverflow and keys.notIsoDate once said other things in the export than in the key builder.
    for (const fields of [
      { score: '12345678901', at: '2026-06-23T10:00:00Z', playerId: 'p' },
      { score: '1', at: '6/23/2026', playerId: 'p' },
    ]) {
      const exported = outcome(() => module.encode(fields));
      expect(exported).toEqual(keysOutcome(compiled.encode(fields)));
      expect(exported.ok).toBe(false);
    }
    expect(outcome(() => module.encode({ score: '12345678901', at: '2026-06-23T10:00:00Z', playerId: 'p' }))).toMatchObject({
      findings: [{ code: 'keys.padOverflow', field: 'score', message: expect.stringMatching(/widen the field to int\(11\) or more/) }],
    });
  });

  it("is built from the generated runtime, and its own names never clash with the runtime's", () => {
    expect(sources[0]?.source.endsWith(KEY_DESIGN_RUNTIME)).toBe(true);
    expect(KEY_DESIGN_RUNTIME_NAMES).not.toContain('DESIGN');
    const field = exportKeyDesignModule(parse('{id}'), { name: 'Field' });
    expect(field).toContain('export function encodeFieldKey(fields: FieldKeyFields): string');
  });

  it('escapes bidirectional controls and invisible characters of the template in its comment and its code', () => {
    const source = exportKeyDesignModule(parse('USER\u202E#{id}\u200B'));
    expect(source).not.toMatch(/[\u200B\u202E]/);
    expect(source).toContain(' *   USER\\u202E#{id}\\u200B');
    expect(source).toContain('export const KEY_TEMPLATE = "USER\\u202E#{id}\\u200B";');
  });

  it('names its functions after the option and keeps a comment-closing template inside its comment', () => {
    const source = exportKeyDesignModule(parse('A*/B#{id}'), { name: 'odd name' });
    expect(source).toContain('export function encodeOddName(fields: OddNameFields): string');
    expect(source).toContain('A*\\/B#{id}');
    expect(exportKeyDesignModule(parse('{id}'))).toContain('export function decodeKey(key: string): KeyFields');
  });
});

describe('a module of several keys', () => {
  it("gives each key its own functions (made unique, never the runtime's), keeps design text in comments, and holds the runtime once", () => {
    const { text, typeNames } = manyKeysModule();
    expect(typeNames).toEqual(['RunRankKey', 'RunRankKey2', 'Field2', 'Key']);
    expect(text.split(KEY_DESIGN_RUNTIME)).toHaveLength(2);
    expect(text).toContain('/** Run.rankKey *\\/: {score:int(10)}#{playerId} (sort key). */');
    expect(text).toContain(' * Key builders exported from Keylab: the keys of table `Shop` *\\/.');
    const { outputText } = ts.transpileModule(text, { compilerOptions: { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2022 } });
    const exports: Record<string, (value: unknown) => unknown> = {};
    new Function('exports', outputText)(exports);
    expect(exports.encodeRunRankKey?.({ score: '875', playerId: 'p_2209' })).toBe('0000000875#p_2209');
    expect(exports.encodeRunRankKey2?.({ score: '875' })).toBe('999124');
    expect(exports.decodeKey?.('ORDER#o_1')).toEqual({ id: 'o_1' });
  });
});
