import { describe, expect, it } from 'vitest';
import { parseKeyTemplate, type KeyTemplate } from '../keys';
import { adviseFieldWidths } from './fieldWidthAdvice';
import { createKeyDesignStore } from './keyDesignStore';
import { LEADERBOARD_ROWS } from './sampleValues';
import { expectOk } from '../errors/testing';

function template(text: string): KeyTemplate {
  const parsed = parseKeyTemplate(text);
  expectOk(parsed);
  return parsed.value;
}

const widths = (advice: ReturnType<typeof adviseFieldWidths>) => advice.map((field) => [field.field, field.advice.ok ? field.advice.value.width : undefined]);

describe('adviseFieldWidths', () => {
  const leaderboard = { template: template('{score:int(10)}#{ts:epoch(16)}#{playerId}'), sampleRows: LEADERBOARD_ROWS, advisorHeadroomDigits: '2' };

  it('sizes each numeric field from its own largest sample', () => {
    const advice = adviseFieldWidths({ ...leaderboard, advisorLargestValues: {} });
    expect(widths(advice)).toEqual([
      ['score', 6],
      ['ts', 12],
    ]);
    expect(advice.map((field) => [field.largestValue, field.fromSamples, field.typed, field.currentWidth])).toEqual([
      ['1500', '1500', false, 10],
      ['1719108000', '1719108000', false, 16],
    ]);
  });

  // The bug: one box for every field, so 500 made ts epoch(5) and every sample went red.
  it('a largest value typed for score leaves ts alone', () => {
    expect(widths(adviseFieldWidths({ ...leaderboard, advisorLargestValues: { score: '500' } }))).toEqual([
      ['score', 5],
      ['ts', 12],
    ]);
  });

  it('an invalid largest value gives a finding and no advice for that field only', () => {
    const [score, ts] = adviseFieldWidths({ ...leaderboard, advisorLargestValues: { score: '5x' } });
    expect(score?.advice).toEqual({ ok: false, findings: [expect.objectContaining({ code: 'advisor.badLargestValue' })] });
    expect(ts?.advice.ok).toBe(true);
  });

  it('reads a largest value like every other typed number, naming the field', () => {
    const [score, ts] = adviseFieldWidths({ ...leaderboard, advisorLargestValues: { score: '1e7', ts: '1,000,000,000,000' } });
    expect(score?.advice).toEqual({
      ok: false,
      findings: [
        {
          code: 'advisor.badLargestValue',
          message:
            'Largest value for score must be a whole number ≥ 0: the biggest value you will ever store; "1e7" has an exponent: write the digits, 10000000.',
        },
      ],
    });
    expect(ts?.advice.ok && ts.advice.value.digitsNeeded).toBe(13);
  });

  it('an empty box gives no advice and no finding', () => {
    const [score] = adviseFieldWidths({ ...leaderboard, advisorLargestValues: { score: '' } });
    expect(score?.advice).toEqual({ ok: false, findings: [] });
  });

  it('a bad headroom gives no advice for any field', () => {
    const advice = adviseFieldWidths({ ...leaderboard, advisorLargestValues: {}, advisorHeadroomDigits: 'x' });
    expect(advice.map((field) => (field.advice.ok ? 'ok' : field.advice.findings[0]?.code))).toEqual(['advisor.badHeadroom', 'advisor.badHeadroom']);
  });

  it('signed and decimal fields: the magnitude, and the integer digits', () => {
    const rows = [
      { id: 'a', values: { delta: '-25000', price: '1234.50' } },
      { id: 'b', values: { delta: '30', price: '9.99' } },
    ];
    const advice = adviseFieldWidths({
      template: template('{delta:sint(10)}#{price:dec(8,2)}'),
      sampleRows: rows,
      advisorLargestValues: {},
      advisorHeadroomDigits: '1',
    });
    expect(widths(advice)).toEqual([
      ['delta', 6],
      ['price', 5],
    ]);
    expect(
      widths(
        adviseFieldWidths({ template: template('{delta:sint(10)}'), sampleRows: rows, advisorLargestValues: { delta: '-900' }, advisorHeadroomDigits: '0' }),
      ),
    ).toEqual([['delta', 3]]);
  });

  it('string and ISO fields get no advice', () => {
    expect(adviseFieldWidths({ template: template('{a}#{t:iso}'), sampleRows: [], advisorLargestValues: {}, advisorHeadroomDigits: '2' })).toEqual([]);
  });
});

describe('the key design store: width and format actions', () => {
  it('applies an advised width to one field; a decimal field takes it as integer digits', () => {
    const store = createKeyDesignStore();
    store.getState().setTemplateText('{score:int(10)}#{ts:epoch(16)}#{price:dec(8,2)}');
    store.getState().applyWidth('score', 6);
    store.getState().applyWidth('price', 5);
    expect(store.getState().templateText).toBe('{score:int(6)}#{ts:epoch(16)}#{price:dec(5,2)}');
  });

  it('keeps a typed largest value per field, and forgets it on request', () => {
    const store = createKeyDesignStore();
    store.getState().setAdvisorLargestValue('ts', '9');
    store.getState().setAdvisorLargestValue('score', '500');
    expect(store.getState().advisorLargestValues).toEqual({ score: '500', ts: '9' });
    store.getState().clearAdvisorLargestValue('score');
    expect(store.getState().advisorLargestValues).toEqual({ ts: '9' });
  });

  it('switches a field to a suggested format', () => {
    const store = createKeyDesignStore();
    store.getState().setTemplateText('{score}');
    store.getState().setFieldFormat('score', { kind: 'int', width: 6, descending: false });
    expect(store.getState().templateText).toBe('{score:int(6)}');
  });
});
