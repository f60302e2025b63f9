import 'fake-indexeddb/auto';
import { IDBFactory } from 'fake-indexeddb';
import { describe, expect, it } from 'vitest';
import { addEntity, composeChanges, setEntityKeyTemplate, addSample, type Design } from '../../design';
import { compareSampleOrders } from '../../keys';
import { LEADERBOARD_ROWS, LEADERBOARD_TEMPLATE } from '../sampleValues';
import { openDesignRecords } from './designRecords';
import { createDesignStore } from './designStore';
import { createTemplateAdapterStore } from './templateAdapterStore';

/** Resolves once the store has read what was saved. */
function loaded(store: ReturnType<typeof createDesignStore>): Promise<void> {
  return new Promise((resolve) => {
    if (store.getState().loaded) return resolve();
    const unsubscribe = store.subscribe((state) => state.loaded && (unsubscribe(), resolve()));
  });
}

/** A design holding the article's four runs under the leaderboard template, as an entity "Run" of table "Table1". */
function setUp(designs = createDesignStore()) {
  const designId = designs.getState().createDesign('Scores');
  designs
    .getState()
    .updateDesign(
      designId,
      composeChanges(
        addEntity('Table1', 'Run', { PK: 'SEASON#2026', SK: LEADERBOARD_TEMPLATE }),
        ...LEADERBOARD_ROWS.map((row) => addSample('Table1', 'Run', row.values as Record<string, string>, row.id)),
      ),
    );
  const committed: string[] = [];
  const sk = createTemplateAdapterStore(
    designs,
    { designId, tableName: 'Table1', entityName: 'Run', attribute: 'SK' },
    { onCommitTemplate: (text) => committed.push(text) },
  );
  const disconnect = sk.connect();
  const run = () => designs.getState().designs.find((saved) => saved.id === designId)!.design.tables[0]!.entities[0]!;
  return { designs, designId, sk, run, committed, disconnect };
}

const scoresIn = (store: ReturnType<typeof setUp>['sk'], list: 'rawOrder' | 'encodedOrder') => {
  const state = store.getState();
  const orders = compareSampleOrders(state.template, state.sampleRows, state.direction);
  const byId = new Map(state.sampleRows.map((row) => [row.id, row.values.score]));
  return orders[list].map((entry) => byId.get(entry.id));
};

describe('template adapter store (the key builder over one template of a design)', () => {
  it('reads the entity’s template and sample rows: raw order 10, 1500, 240, 9 and encoded order 9, 10, 240, 1500', () => {
    const { sk } = setUp();
    expect(sk.getState().templateText).toBe(LEADERBOARD_TEMPLATE);
    expect(scoresIn(sk, 'rawOrder')).toEqual(['10', '1500', '240', '9']);
    expect(scoresIn(sk, 'encodedOrder')).toEqual(['9', '10', '240', '1500']);
  });

  it('keeps invalid text as a draft with findings, commits only valid templates to the design', () => {
    const { sk, run, committed } = setUp();
    const before = sk.getState().template;
    sk.getState().setTemplateText('{score:int(10}');
    expect(sk.getState().templateText).toBe('{score:int(10}');
    expect(sk.getState().template).toBe(before);
    expect(sk.getState().templateFindings.length).toBeGreaterThan(0);
    expect(run().keys.SK).toBe(LEADERBOARD_TEMPLATE);
    sk.getState().setTemplateText('{score:int(10,desc)}#{playerId}');
    expect(sk.getState().templateFindings).toEqual([]);
    expect(run().keys.SK).toBe('{score:int(10,desc)}#{playerId}');
    expect(scoresIn(sk, 'encodedOrder')).toEqual(['1500', '240', '10', '9']);
    expect(committed).toEqual(['{score:int(10,desc)}#{playerId}']);
  });

  it('fills suggested values for new fields into the design’s samples, keeping existing ones', () => {
    const { sk, run } = setUp();
    sk.getState().setTemplateText('EVT#{at:iso}');
    expect(run().samples.every((row) => /^2026-06-2\dT\d\d:00:00Z$/.test(row.values.at ?? ''))).toBe(true);
    expect(run().samples[0]?.values.score).toBe('10');
  });

  it('reprints the template from edited segments and applies a width', () => {
    const { sk, run } = setUp();
    sk.getState().setSegments([sk.getState().template.segments[0]!]);
    expect(run().keys.SK).toBe('{score:int(10)}');
    sk.getState().applyWidth('score', 12);
    expect(sk.getState().templateText).toBe('{score:int(12)}');
  });

  it('adds, edits and removes sample rows in the design', () => {
    const { sk, run } = setUp();
    sk.getState().addSampleRow();
    expect(run().samples).toHaveLength(5);
    expect(new Set(run().samples.map((row) => row.id)).size).toBe(5);
    expect(run().samples[4]?.values.score).toMatch(/^\d+$/);
    sk.getState().setSampleValue('row-1', 'score', '77');
    expect(run().samples[0]?.values.score).toBe('77');
    expect(sk.getState().sampleRows[0]?.values.score).toBe('77');
    sk.getState().removeSampleRow('row-1');
    expect(sk.getState().sampleRows.map((row) => row.id)).not.toContain('row-1');
  });

  it('width advisor input: valid largest values and headroom go to the expectations, invalid ones stay drafts', () => {
    const { sk, run } = setUp();
    sk.getState().setAdvisorLargestValue('score', '250000');
    expect(run().expectations.largestValues).toEqual({ score: '250000' });
    sk.getState().setAdvisorLargestValue('score', '5x');
    expect(sk.getState().advisorLargestValues.score).toBe('5x');
    expect(run().expectations.largestValues).toEqual({ score: '250000' });
    sk.getState().clearAdvisorLargestValue('score');
    expect(sk.getState().advisorLargestValues).toEqual({});
    expect(run().expectations.largestValues).toEqual({});
    sk.getState().setAdvisorHeadroom('x');
    expect(sk.getState().advisorHeadroomDigits).toBe('x');
    expect(run().expectations.headroomDigits).toBe(2);
    sk.getState().setAdvisorHeadroom('3');
    expect(run().expectations.headroomDigits).toBe(3);
    expect(sk.getState().advisorHeadroomDigits).toBe('3');
  });

  it('follows the design when it changes underneath, dropping a stale draft', () => {
    const { sk, designs, designId, disconnect } = setUp();
    sk.getState().setTemplateText('{score');
    designs.getState().updateDesign(designId, setEntityKeyTemplate('Table1', 'Run', 'SK', '{playerId}'));
    expect(sk.getState().templateText).toBe('{playerId}');
    expect(sk.getState().templateFindings).toEqual([]);
    disconnect();
    designs.getState().updateDesign(designId, setEntityKeyTemplate('Table1', 'Run', 'SK', '{score}'));
    expect(sk.getState().templateText).toBe('{playerId}');
  });

  it('an edit of another entity leaves this adapter’s state as it was: no notification, the same template, findings and rows', () => {
    const { sk, designs, designId } = setUp();
    designs.getState().updateDesign(designId, addEntity('Table1', 'Other', { PK: 'OTHER', SK: '{n:int(6)}' }));
    const before = sk.getState();
    let notified = 0;
    const unsubscribe = sk.subscribe(() => notified++);
    // A keystroke in the other entity's template, then an invalid draft here kept across another one.
    designs.getState().updateDesign(designId, setEntityKeyTemplate('Table1', 'Other', 'SK', '{n:int(7)}'));
    expect(notified).toBe(0);
    expect(sk.getState()).toBe(before);
    sk.getState().setTemplateText('{score');
    const draft = sk.getState();
    designs.getState().updateDesign(designId, setEntityKeyTemplate('Table1', 'Other', 'SK', '{n:int(8)}'));
    expect(sk.getState()).toBe(draft);
    expect(sk.getState().templateFindings.length).toBeGreaterThan(0);
    unsubscribe();
  });

  it('the template and the samples survive a reload (they live in the persisted design)', async () => {
    const indexedDB = new IDBFactory();
    const first = createDesignStore({ records: openDesignRecords({ indexedDB }) });
    await loaded(first);
    const { sk, designId } = setUp(first);
    sk.getState().setTemplateText('EVT#{at:iso(ms)}');
    sk.getState().setSampleValue('row-2', 'at', '2026-06-23T10:00:00.000Z');
    await first.getState().saved();
    const reloaded = createDesignStore({ records: openDesignRecords({ indexedDB }) });
    await loaded(reloaded);
    const again = createTemplateAdapterStore(reloaded, { designId, tableName: 'Table1', entityName: 'Run', attribute: 'SK' });
    again.connect();
    expect(again.getState().templateText).toBe('EVT#{at:iso(ms)}');
    expect(again.getState().sampleRows[1]?.values.at).toBe('2026-06-23T10:00:00.000Z');
  });

  it('an unknown entity reads as an empty template with no rows, and edits do nothing', () => {
    const { designs, designId } = setUp();
    const ghost = createTemplateAdapterStore(designs, { designId, tableName: 'Table1', entityName: 'Ghost', attribute: 'SK' });
    expect(ghost.getState().sampleRows).toEqual([]);
    const before = designs.getState().designs;
    ghost.getState().setTemplateText('{x}');
    ghost.getState().addSampleRow();
    expect(designs.getState().designs).toBe(before);
    const design: Design | undefined = designs.getState().designs.find((saved) => saved.id === designId)?.design;
    expect(design?.tables[0]?.entities.map((entity) => entity.name)).toEqual(['Run']);
  });
});
