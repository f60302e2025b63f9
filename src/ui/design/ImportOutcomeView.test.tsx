import fc from 'fast-check';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { importDesignFile, serializeDesignDocument, SHOP_DESIGN, type ImportResult } from '../../design';
import { BIDI_CONTROLS } from '../common/visibleText';
import { ImportProblems, ImportReport } from './ImportOutcomeView';
import { expectErr, expectOk } from '../../errors/testing';

const WORKBENCH_MODEL = {
  ModelName: 'Shop',
  DataModel: [{ TableName: 'Shop', KeyAttributes: { PartitionKey: { AttributeName: 'PK', AttributeType: 'S' } }, TableData: [{ PK: { S: 'CUSTOMER#1' } }] }],
};

/** Every bidi control, as a character class. */
const BIDI = new RegExp(`[${BIDI_CONTROLS.map((code) => `\\u{${code.toString(16)}}`).join('')}]`, 'u');

function reportHtml(result: ImportResult, fileName: string, savedAs?: string): string {
  expectOk(result);
  return renderToStaticMarkup(
    <ImportReport
      outcome={{
        kind: 'imported',
        fileName,
        designName: result.design.name,
        ...(savedAs ? { savedAs } : {}),
        report: result.report,
        warnings: result.warnings,
      }}
    />,
  );
}

describe('Import report', () => {
  it('shows a right-to-left override in a design name as a marker, isolated: "gnp.exe" never reads "exe.png"', () => {
    const text = serializeDesignDocument({ ...SHOP_DESIGN, name: 'invoice\u202Egnp.exe' });
    const html = reportHtml(importDesignFile(text, 'shop\u202Enosj.json'), 'shop\u202Enosj.json');
    expect(html).not.toMatch(BIDI);
    expect(html).toContain('<bdi>invoice<span class="invisible-char" title="U+202E right-to-left override">⟨U+202E⟩</span>gnp.exe</bdi>');
    expect(html).toContain('shop<span class="invisible-char" title="U+202E right-to-left override">⟨U+202E⟩</span>nosj.json');
  });

  it('neutralises any bidi control anywhere in a design name (Keylab design and Workbench model)', () => {
    const bidi = fc.constantFrom(...BIDI_CONTROLS.map((code) => String.fromCodePoint(code)));
    const name = fc
      .tuple(fc.string({ maxLength: 12 }), fc.array(fc.tuple(bidi, fc.string({ maxLength: 6 })), { minLength: 1, maxLength: 4 }))
      .map(([head, rest]) => `x${head}${rest.map(([control, text]) => control + text).join('')}`)
      .filter((text) => text.trim().length > 0);
    fc.assert(
      fc.property(name, (designName) => {
        const keylab = reportHtml(
          importDesignFile(serializeDesignDocument({ ...SHOP_DESIGN, tables: [], name: designName }), 'a.json'),
          'a.json',
          `${designName} (copy)`,
        );
        const workbench = reportHtml(importDesignFile(JSON.stringify({ ...WORKBENCH_MODEL, ModelName: designName }), 'b.json'), 'b.json');
        for (const html of [keylab, workbench]) {
          expect(html).not.toMatch(BIDI);
          expect(html).toContain('class="invisible-char"');
        }
      }),
      { numRuns: 100 },
    );
  });

  it('says when the design was saved under another name because one with its name was in the list', () => {
    const html = reportHtml(importDesignFile(serializeDesignDocument({ ...SHOP_DESIGN, name: 'Shop' }), 'shop.json'), 'shop.json', 'Shop (copy)');
    expect(html.replace(/<\/?bdi>/g, '')).toContain(
      'Imported “Shop” from shop.json as “Shop (copy)” (a design named “Shop” was already in the list, and is unchanged); it is open in the Designs list.',
    );
  });
});

describe('Import problems (the alert)', () => {
  it('names each problem’s path with its line and column, and neutralises bidi controls the file put in it', () => {
    const document = JSON.parse(serializeDesignDocument(SHOP_DESIGN));
    document.tables[0].entities[2].name = 5;
    document.tables[0].entities[1].keys['S\u202EK'] = 'x';
    const result = importDesignFile(JSON.stringify(document, null, 2), 'shop.json');
    expectErr(result);
    const html = renderToStaticMarkup(<ImportProblems fileName="shop.json" errors={result.errors} />);
    expect(html).toMatch(/tables\[0\]\.entities\[2\]\.name \(line \d+, column \d+\): must be text/);
    expect(html).not.toMatch(BIDI);
    expect(html).toContain('⟨U+202E⟩');
  });
});
