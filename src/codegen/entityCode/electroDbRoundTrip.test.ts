import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS, importDesignFile, type TableDesign } from '../../design';
import { MULTI_ATTRIBUTE_GSI_DESIGN, SHOP_MULTI_ATTRIBUTE_GSI_DESIGN } from './entityCode.fixtures';
import { generateEntityCode } from './generateEntityCode';
import { expectOk } from '../../errors/testing';

/*
 * The ElectroDB code Keylab writes, read back by Import design… (which
 * reads the module's literals and never runs it): the tables, their keys,
 * GSIs and entities come back; a key the design builds with a template is
 * an attribute written by a `set` function in that code, which the import
 * does not run, so it comes back as that attribute, with a warning saying so.
 */
describe('ElectroDB code → Import design…', () => {
  it.each(
    [...EXAMPLE_DESIGNS.map(({ design }) => design), MULTI_ATTRIBUTE_GSI_DESIGN, SHOP_MULTI_ATTRIBUTE_GSI_DESIGN].map(
      (design) => [design.name, design] as const,
    ),
  )('%s: tables, keys, GSIs and entities come back; computed keys are named', (_name, design) => {
    const generated = generateEntityCode(design, { library: 'electrodb' });
    expectOk(generated);
    for (const source of design.tables) {
      const file = generated.files.find(
        (entry) => entry.fileName.endsWith('.electrodb.ts') && entry.text.includes(`export const TABLE_NAME = ${JSON.stringify(source.name)};`),
      )!;
      const imported = importDesignFile(file.text, file.fileName);
      expectOk(imported);
      const table = imported.design.tables[0] as TableDesign;
      expect({ name: table.name, partitionKey: table.partitionKey, sortKey: table.sortKey }).toEqual({
        name: source.name,
        partitionKey: source.partitionKey,
        sortKey: source.sortKey,
      });
      expect(table.indexes.map((index) => [index.name, index.partitionKey, index.sortKey])).toEqual(
        source.indexes.map((index) => [index.name, index.partitionKey, index.sortKey]),
      );
      expect(table.entities.map((entity) => entity.name)).toEqual(source.entities.map((entity) => entity.name));
      const warnings = imported.warnings.map((warning) => warning.message).join('\n');
      for (const entity of source.entities) {
        const read = table.entities.find((candidate) => candidate.name === entity.name)!;
        for (const [attribute, template] of Object.entries(entity.keys)) {
          if (template === `{${attribute}}`) expect(read.keys[attribute], `${entity.name}.${attribute}`).toBe(template);
          else {
            expect(read.keys[attribute], `${entity.name}.${attribute}`).toBe(`{${attribute}}`);
            expect(warnings).toContain(
              `${entity.name}.attributes.${attribute}.set: ${attribute} is the attribute ${attribute}, written by its set function, which Keylab does not run`,
            );
          }
        }
      }
    }
  });
});
