import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS, type Design, type DesignDocument } from '..';
import { EXPORT_FORMATS } from './exportFormats';
import { importDesignFile } from './importDesignFile';
import { expectErr, expectOk } from '../../errors/testing';

const designOf = ({ format: _format, ...design }: DesignDocument): Design => design;

describe('EXPORT_FORMATS', () => {
  it('lists the issue’s five formats, in its order', () => {
    expect(EXPORT_FORMATS.map((format) => format.label)).toEqual([
      'Keylab design (JSON)',
      'NoSQL Workbench model (JSON)',
      'CloudFormation (YAML)',
      'CloudFormation (JSON)',
      'CreateTable input (JSON)',
    ]);
  });

  for (const { id, design } of EXAMPLE_DESIGNS) {
    it(`${id}: a Keylab export and a Workbench export both import back as the same design`, () => {
      for (const label of ['Keylab design (JSON)', 'NoSQL Workbench model (JSON)']) {
        const [file] = EXPORT_FORMATS.find((format) => format.label === label)!.export(designOf(design));
        const back = importDesignFile(file!.text, file!.fileName);
        expect(back.ok, label).toBe(true);
        // A Workbench import also keeps the model's own shape (workbenchSource) for the next Workbench export.
        expectOk(back);
        expect({ ...back.design, workbenchSource: undefined }, label).toEqual({ ...designOf(design), workbenchSource: undefined });
      }
    });
  }

  it('writes one CreateTable input per table and a CloudFormation template naming each table', () => {
    const design = designOf(EXAMPLE_DESIGNS[2]!.design);
    const inputs = EXPORT_FORMATS.find((format) => format.id === 'create-table')!.export(design);
    expect(inputs.map((file) => JSON.parse(file.text).TableName)).toEqual(design.tables.map((table) => table.name));
    const [yaml] = EXPORT_FORMATS.find((format) => format.id === 'cloudformation-yaml')!.export(design);
    expect(yaml!.text).toContain('AWS::DynamoDB::Table');
    expect(yaml!.mediaType).toBe('application/yaml');
  });

  it('refuses a Keylab design file with problems, naming the path', () => {
    const result = importDesignFile('{"format": "keylab.design/1", "name": "x", "tables": [{"name": "T"}]}', 'd.json');
    expectErr(result);
    expect(result.errors.map((error) => error.path)).toContain('tables[0].partitionKey');
  });
});
