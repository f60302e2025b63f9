import { describe, expect, it } from 'vitest';
import type { KeySchemaInfo } from '../../expressions';
import { parseKeyTemplate, type KeyTemplate } from '../../keys';
import { buildRequest, EMPTY_QUERY_FORM, type BuilderTableInfo, type QueryForm } from './queryForm';
import { checkTemplateFit, findQueryWarnings } from './builderWarnings';
import { createFilterRow, EMPTY_FILTER } from './filterModel';
import { expectOk } from '../../errors/testing';

const KEYS: KeySchemaInfo = { partitionKey: { name: 'PK', type: 'S' }, sortKey: { name: 'SK', type: 'S' } };
const TABLE: BuilderTableInfo = {
  keys: KEYS,
  indexes: [{ name: 'byAction', kind: 'global', keys: { partitionKey: { name: 'action', type: 'S' }, sortKey: { name: 'SK', type: 'S' } }, projection: 'ALL' }],
};

function template(text: string): KeyTemplate {
  const parsed = parseKeyTemplate(text);
  expectOk(parsed, text);
  return parsed.value;
}

const events = ['EVT#2026-09-30T10:00:00Z', 'EVT#2026-10-01T10:00:00Z', 'EVT#2026-11-05T10:00:00Z', 'EVT#2026-12-24T10:00:00Z'].map((SK) => ({
  PK: { S: 'A' },
  SK: { S: SK },
}));

function warnings(form: Partial<QueryForm>, templateText: string, items = events) {
  const full = { ...EMPTY_QUERY_FORM, partitionValue: 'A', ...form };
  const t = template(templateText);
  const built = buildRequest('T', KEYS, full, { table: TABLE, template: t });
  return findQueryWarnings({ form: full, keys: KEYS, table: TABLE, template: t, built, items });
}

describe('builder warnings', () => {
  it('a begins_with that stops inside an iso field matches October, November and December', () => {
    const found = warnings({ sortOperator: 'begins_with', sortValue: 'EVT#2026-1' }, 'EVT#{at:iso}');
    expect(found.map((warning) => warning.id)).toEqual(['beginsWithInsideField']);
    expect(found[0]?.message).toContain('2026-10, 2026-11 and 2026-12, not one month');
    expect(warnings({ sortOperator: 'begins_with', sortValue: 'EVT#2026-10' }, 'EVT#{at:iso}')).toEqual([]);
  });

  it('without a fitting template, the loaded keys are the evidence', () => {
    const found = warnings({ sortOperator: 'begins_with', sortValue: 'EVT#2026-1' }, '{score:int(10)}');
    expect(found[0]?.message).toContain('EVT#2026-10…, EVT#2026-11…, EVT#2026-12…');
  });

  it('a string field prefix without its delimiter matches u10 too', () => {
    const items = [{ PK: { S: 'A' }, SK: { S: 'USER#u1#ORDER#2026-06-23T10:00:00Z' } }];
    expect(warnings({ sortOperator: 'begins_with', sortValue: 'USER#u1' }, 'USER#{userId}#ORDER#{date:iso}', items)[0]?.message).toMatch(
      /stops inside the userId value "u1"/,
    );
    expect(warnings({ sortOperator: 'begins_with', sortValue: 'USER#u1#' }, 'USER#{userId}#ORDER#{date:iso}', items)).toEqual([]);
  });

  it('raw numbers of different widths, and bounds at another width than the stored keys', () => {
    const spring = ['10', '1500', '240', '9'].map((SK) => ({ PK: { S: 'A' }, SK: { S: SK } }));
    expect(warnings({ sortOperator: 'between', sortValue: '200', sortValueHigh: '2000' }, '{score}', spring).map((warning) => warning.id)).toEqual([
      'unpaddedStoredKeys',
    ]);
    const padded = ['0000000240', '0000001500'].map((SK) => ({ PK: { S: 'A' }, SK: { S: SK } }));
    expect(warnings({ sortOperator: 'between', sortValue: '200', sortValueHigh: '2000' }, '{score:int(10)}', padded).map((warning) => warning.id)).toEqual([
      'boundWidth',
    ]);
    expect(
      warnings({ sortOperator: 'between', sortInput: 'fields', sortFields: { score: '200' }, sortFieldsHigh: { score: '2000' } }, '{score:int(10)}', padded),
    ).toEqual([]);
  });

  it('a Scan filtering on a partition key with = should be a Query, with a fix', () => {
    const form = {
      mode: 'scan' as const,
      filter: { ...EMPTY_FILTER, children: [createFilterRow({ path: 'action', value: 'login' }), createFilterRow({ path: 'n', valueType: 'N', value: '1' })] },
    };
    const [warning] = warnings(form, '{x}');
    expect(warning?.id).toBe('scanInsteadOfQuery');
    expect(warning?.fix?.patch).toMatchObject({ mode: 'query', indexName: 'byAction', partitionValue: 'login' });
    expect(warning?.fix?.patch.filter?.children).toHaveLength(1);
    expect(warnings({ ...form, filter: { ...form.filter, join: 'or' } }, '{x}')).toEqual([]);
  });

  it('says when the template is for another table', () => {
    expect(checkTemplateFit(template('{score:int(10)}'), { name: 'SK', type: 'S' }, events)).toMatch(
      /doesn't match SK's stored values \(e.g. "EVT#2026-09-30T10:00:00Z"\)/,
    );
    expect(checkTemplateFit(template('EVT#{at:iso}'), { name: 'SK', type: 'S' }, events)).toBeUndefined();
    expect(checkTemplateFit(template('EVT#{at:iso}'), { name: 'SK', type: 'N' }, [])).toMatch(/number key/);
  });
});
