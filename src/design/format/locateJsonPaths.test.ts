/* eslint-disable @typescript-eslint/no-explicit-any -- the cases edit raw JSON documents */
import { describe, expect, it } from 'vitest';
import { SHOP_DESIGN } from '..';
import { importDesignFile } from '../interchange';
import { locateJsonPaths } from './locateJsonPaths';
import { describeDesignProblem } from './problemPath';
import { serializeDesignDocument } from './serializeDesignDocument';
import { expectErr } from '../../errors/testing';

describe('locateJsonPaths', () => {
  const text = ['{', '  "tables": [', '    {"name": 5, "first name": [1, {"a]b": "x\\"y[0]"}]},', '\t{"entities": []}', '  ]', '}'].join('\n');

  it('finds members at their key and elements at their value, with paths spelled as problems name them', () => {
    const found = locateJsonPaths(text, ['tables', 'tables[0].name', 'tables[0]["first name"][1]["a]b"]', 'tables[1].entities', 'tables[0]["first name"][1]']);
    expect(Object.fromEntries(found)).toEqual({
      tables: { line: 2, column: 3 },
      'tables[0].name': { line: 3, column: 6 },
      'tables[0]["first name"][1]': { line: 3, column: 35 },
      'tables[0]["first name"][1]["a]b"]': { line: 3, column: 36 },
      'tables[1].entities': { line: 4, column: 3 },
    });
  });

  it('leaves out paths that are not in the text', () => {
    expect(locateJsonPaths(text, ['tables[2]', 'tables[0].nam']).size).toBe(0);
  });

  it('walks a document nested 100,000 levels deep without exhausting the stack, and skips what leads to no wanted path', () => {
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    expect(locateJsonPaths(deep, ['[0][0]']).get('[0][0]')).toEqual({ line: 1, column: 3 });
    const wide = `{"skipped": ${'['.repeat(50_000)}"]}{["\n${']'.repeat(50_000)},\n"kept": 1}`;
    expect(locateJsonPaths(wide, ['kept']).get('kept')).toEqual({ line: 3, column: 1 });
  });
});

describe('design-file import problems name their path and their place in the file', () => {
  /** The Shop example as a pretty-printed file with `edit` applied. */
  function shopFile(edit: (document: any) => void): string {
    const document = JSON.parse(serializeDesignDocument(SHOP_DESIGN));
    edit(document);
    return JSON.stringify(document, null, 2);
  }

  it('says which entity has a name that is not text, with line and column, for each of them', () => {
    const text = shopFile((document) => {
      for (const entity of document.tables[0].entities) entity.name = 7;
    });
    const result = importDesignFile(text, 'shop.keylab.json');
    expectErr(result);
    const lines = text.split('\n');
    const shown = result.errors.map(describeDesignProblem);
    expect(shown.length).toBe(SHOP_DESIGN.tables[0]!.entities.length);
    result.errors.forEach((error, index) => {
      expect(shown[index]).toMatch(
        new RegExp(`^tables\\[0\\]\\.entities\\[${index}\\]\\.name \\(line \\d+, column \\d+\\): must be text \\("name": "…"\\), not the number 7\\.$`),
      );
      // The position is the member itself: `"name": 7` starts there.
      expect(lines[error.line! - 1]!.slice(error.column! - 1)).toMatch(/^"name": 7/);
    });
  });

  it('points a missing member at the object that lacks it', () => {
    const text = shopFile((document) => delete document.tables[0].partitionKey);
    const result = importDesignFile(text, 'shop.keylab.json');
    expectErr(result);
    const error = result.errors[0]!;
    expect(error).toMatchObject({ path: 'tables[0].partitionKey', line: 6, column: 5 });
    expect(text.split('\n')[error.line! - 1]!.slice(error.column! - 1)).toBe('{');
    expect(describeDesignProblem(error)).toMatch(/^tables\[0\]\.partitionKey \(line 6, column 5\): /);
  });

  it('gives a Workbench model’s problems their place too', () => {
    const text = JSON.stringify({ ModelName: 'M', DataModel: [{ TableName: 5 }] }, null, 2);
    const result = importDesignFile(text, 'model.json');
    expectErr(result);
    expect(result.errors.every((error) => error.path === '' || error.line !== undefined)).toBe(true);
    expect(describeDesignProblem(result.errors[0]!)).toMatch(/^DataModel\[0\]\S* \(line \d+, column \d+\): /); // The Workbench reader's messages begin with their path: the alert says it once.
    for (const error of result.errors) if (error.path) expect(describeDesignProblem(error).split(error.path).length - 1).toBe(1);
  });

  it('keeps a message that has no path as it is, with a JSON syntax error’s position said once', () => {
    const result = importDesignFile('{\n  "format": "keylab.design/1",\n  "name": }', 'broken.json');
    expectErr(result);
    const shown = describeDesignProblem(result.errors[0]!);
    expect(shown).toMatch(/^broken\.json is not valid JSON at line 3, column 11/);
    expect(shown.match(/line 3/g)).toHaveLength(1);
  });
});
