import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EXAMPLE_DESIGNS, EXPORT_FORMATS, LEADERBOARD_DESIGN, signOff, type Design } from '..';
import { decideFinding, designFingerprint, isSignOffCurrent } from '../decisions';
import { legacyDesignFingerprint } from '../decisions/fingerprint';
import { compareUtf8 } from '../../keys';
import { designArbitrary } from './designArbitraryTestUtils';
import leaderboardGolden from './fixtures/leaderboard.keylab.json?raw';
import signedBeforeCanonical from './fixtures/signed-before-canonical.keylab.json?raw';
import { parseDesignDocument } from './parseDesignDocument';
import { serializeDesignDocument } from './serializeDesignDocument';
import { expectOk } from '../../errors/testing';

/**
 * The canonical layout of design files (designDocument.ts, printDesignJson.ts):
 * one text per design, written by serializeDesignDocument, `keylab format`
 * and Export design…, stable under re-writing, and never costing a sign-off.
 * (The whole review corpus goes through keylab format in src/cli/commands/formatCorpus.test.ts.)
 */

/** `format`: what `keylab format` does to a Keylab design file's text. */
function format(text: string): string {
  const read = parseDesignDocument(text);
  expectOk(read);
  return serializeDesignDocument(read.design);
}

const { format: _format, ...LEADERBOARD } = LEADERBOARD_DESIGN;

describe('the canonical layout', () => {
  it('writes the Leaderboard as the golden file: fixed field order, 2-space indent, one sample per line', () => {
    expect(serializeDesignDocument(LEADERBOARD)).toBe(leaderboardGolden);
  });

  it.each(EXAMPLE_DESIGNS.map((example) => [example.id, example.design] as const))(
    '%s: \\n line ends, a final newline, no trailing spaces, each sample on one line',
    (_id, document) => {
      const text = serializeDesignDocument(document);
      expect(text.endsWith('}\n')).toBe(true);
      expect(text).not.toMatch(/\r|[ \t]\n/);
      const sampleLines = text.split('\n').filter((line) => /^ {12}\{"id": /.test(line));
      expect(sampleLines).toHaveLength(document.tables.flatMap((table) => table.entities).reduce((sum, entity) => sum + entity.samples.length, 0));
      for (const line of sampleLines) expect(JSON.parse(line.replace(/,$/, ''))).toHaveProperty('values');
    },
  );

  it('sorts what has no order and keeps what does', () => {
    const table = LEADERBOARD.tables[0]!;
    const run = table.entities[0]!;
    const shuffled: Design = {
      ...LEADERBOARD,
      tables: [
        {
          ...table,
          entities: [
            {
              ...run,
              keys: { ts: run.keys.ts!, playerId: run.keys.playerId!, rankKey: run.keys.rankKey!, leaderboardId: run.keys.leaderboardId! },
              attributes: [
                { name: 'score', type: 'N' },
                { name: 'badge', type: 'S' },
              ],
              samples: [...run.samples].reverse().map((sample) => ({
                ...sample,
                values: { playerId: sample.values.playerId!, zeta: 'z', ts: sample.values.ts!, season: sample.values.season!, score: sample.values.score! },
                attributes: { extra: { S: 'x' }, badge: { S: 'gold' }, score: sample.attributes!.score!, nested: { M: { z: { S: '1' }, a: { S: '2' } } } },
              })),
            },
          ],
        },
      ],
      decisions: [
        { id: 'review.noTiebreaker|b', code: 'review.noTiebreaker', kind: 'wontFix', comment: 'b', decidedBy: 'Ada', decidedAt: '2026-12-01T00:00:00.000Z' },
        { id: 'review.caseOrder|a', code: 'review.caseOrder', kind: 'accepted', comment: 'a', decidedBy: 'Bo', decidedAt: '2026-12-02T00:00:00.000Z' },
      ],
    };
    const document = JSON.parse(serializeDesignDocument(shuffled));
    const entity = document.tables[0].entities[0];
    // Keys in the table's key-attribute order; values in the templates' field order, then the rest by bytes.
    expect(Object.keys(entity.keys)).toEqual(['leaderboardId', 'rankKey', 'playerId', 'ts']);
    expect(Object.keys(entity.samples[0].values)).toEqual(['season', 'score', 'ts', 'playerId', 'zeta']);
    // Sample attributes in the entity's attribute order, then the rest; a nested map as given.
    expect(Object.keys(entity.samples[0].attributes)).toEqual(['score', 'badge', 'extra', 'nested']);
    expect(Object.keys(entity.samples[0].attributes.nested.M)).toEqual(['z', 'a']);
    // Samples, attributes (the entity's list) and decisions' own fields keep their order; decisions go by id.
    expect(entity.samples.map((sample: { id: string }) => sample.id)).toEqual([...run.samples].reverse().map((sample) => sample.id));
    expect(entity.attributes.map((attribute: { name: string }) => attribute.name)).toEqual(['score', 'badge']);
    expect(document.decisions.map((decision: { id: string }) => decision.id)).toEqual(['review.caseOrder|a', 'review.noTiebreaker|b']);
  });

  it('writes invisible and direction-changing characters as \\u escapes, and reads them back as the same characters', () => {
    const name = 'invoice\u202Egnp.exe\u200B\u00A0tag\u{E0001}';
    const text = serializeDesignDocument({ ...LEADERBOARD, name });
    expect(text).toContain('"name": "invoice\\u202egnp.exe\\u200b\\u00a0tag\\udb40\\udc01"');
    expect(text).not.toMatch(/[\u202E\u200B\u00A0]/);
    const read = parseDesignDocument(text);
    expect(read.ok && read.design.name).toBe(name);
  });

  it('is idempotent and round-trips for generated designs, decisions in any order and a sign-off included', () => {
    fc.assert(
      fc.property(designArbitrary, fc.array(fc.string({ minLength: 1, maxLength: 8 }), { maxLength: 4 }), (design, ids) => {
        let recorded = design;
        for (const id of ids)
          recorded = decideFinding(
            recorded,
            { id: `review.x|${id}`, code: 'review.x' },
            { kind: 'accepted', comment: 'ok', decidedBy: 'Ada' },
            new Date('2026-12-05T09:00:00.000Z'),
          );
        recorded = signOff(recorded, 'Ada', new Date('2026-12-05T10:00:00.000Z'));
        const once = serializeDesignDocument(recorded);
        expect(format(once)).toBe(once);
        const read = parseDesignDocument(once);
        expectOk(read);
        // The same design: every field and record equal; only the decisions' list is in id order.
        expect(read.design).toEqual({
          ...recorded,
          ...(recorded.decisions ? { decisions: [...recorded.decisions].sort((a, b) => compareUtf8(a.id, b.id)) } : {}),
        });
        expect(isSignOffCurrent(read.design, read.design.signOffs![0]!)).toBe(true);
      }),
      { numRuns: 100 },
    );
  });
});

describe('sign-offs and the canonical layout', () => {
  const before = parseDesignDocument(signedBeforeCanonical);
  expectOk(before, 'the fixture reads');
  const signed = before.design;
  const signOffBefore = signed.signOffs![0]!;

  it('the fixture was signed before: its fingerprint is the legacy form (decisions out of id order), not the canonical one', () => {
    expect(signOffBefore.fingerprint).toBe(legacyDesignFingerprint(signed));
    expect(signOffBefore.fingerprint).not.toBe(designFingerprint(signed));
    expect(isSignOffCurrent(signed, signOffBefore)).toBe(true);
  });

  it('stays current after keylab format, restated with the canonical fingerprint', () => {
    const formatted = format(signedBeforeCanonical);
    expect(formatted).not.toBe(signedBeforeCanonical);
    const read = parseDesignDocument(formatted);
    expectOk(read, 'the formatted file reads');
    const entry = read.design.signOffs![0]!;
    expect(read.design.decisions!.map((decision) => decision.code)).toEqual(['review.gsiProjectionAll', 'review.noTiebreaker']);
    expect(isSignOffCurrent(read.design, entry)).toBe(true);
    expect(entry).toEqual({ ...signOffBefore, fingerprint: designFingerprint(signed) });
    expect(format(formatted)).toBe(formatted);
  });

  it('stays current after Export design… "Keylab design (JSON)", which writes the same canonical text', () => {
    const keylab = EXPORT_FORMATS.find((entry) => entry.id === 'keylab')!;
    expect(keylab.export(LEADERBOARD)[0]!.text).toBe(leaderboardGolden);
    const [file] = keylab.export(signed);
    expect(file!.text).toBe(format(signedBeforeCanonical));
    const read = parseDesignDocument(file!.text);
    expect(read.ok && isSignOffCurrent(read.design, read.design.signOffs![0]!)).toBe(true);
  });

  it('a sign-off that was out of date stays out of date, and a later edit still marks a restated one out of date', () => {
    const edited: Design = { ...signed, description: 'changed after the sign-off' };
    expect(isSignOffCurrent(edited, signOffBefore)).toBe(false);
    const read = parseDesignDocument(serializeDesignDocument(edited));
    expect(read.ok && read.design.signOffs![0]).toEqual(signOffBefore);
    expect(read.ok && isSignOffCurrent(read.design, read.design.signOffs![0]!)).toBe(false);
    const formatted = parseDesignDocument(format(signedBeforeCanonical));
    expectOk(formatted, 'reads');
    expect(isSignOffCurrent({ ...formatted.design, name: 'Renamed' }, formatted.design.signOffs![0]!)).toBe(false);
  });
});
