import { describe, expect, it } from 'vitest';
import { parseKeyTemplate } from '../parseKeyTemplate';
import { templateFields } from './templateFields';
import { expectOk } from '../../errors/testing';

function parsed(text: string) {
  const result = parseKeyTemplate(text);
  expectOk(result, `${text} does not parse`);
  return result.value;
}

describe('templateFields', () => {
  it('lists the fields in key order with their formats, skipping literals', () => {
    expect(templateFields(parsed('EVT#{at:iso}#{score:int(10,desc)}#{playerId}'))).toEqual([
      { kind: 'field', name: 'at', format: { kind: 'iso', precision: 's' } },
      { kind: 'field', name: 'score', format: { kind: 'int', width: 10, descending: true } },
      { kind: 'field', name: 'playerId', format: { kind: 'string' } },
    ]);
  });

  it('is empty for a template of literal text only', () => {
    expect(templateFields(parsed('META'))).toEqual([]);
  });
});
