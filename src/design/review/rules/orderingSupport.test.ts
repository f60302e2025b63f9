import { describe, expect, it } from 'vitest';
import type { Design } from '../../design.types';
import { LEADERBOARD_DESIGN } from '../../examples';
import type { ReviewRule } from '../review.types';
import { findingsOf, tinyDesign } from './orderingFixtures';
import { fieldSitesOf, siteIntendedOrder } from './orderingSupport';

/** Every field site's meaning, as `attribute.field → kind`, read through a rule's context. */
function meanings(design: Design): Record<string, string> {
  const seen: Record<string, string> = {};
  // A rule that only looks (it borrows a real rule's code and finds nothing).
  const probe: ReviewRule = {
    code: 'review.numberInStringField',
    severity: 'note',
    title: 'probe',
    why: 'probe',
    check(context) {
      for (const review of context.entities()) {
        for (const template of review.templates) {
          for (const site of fieldSitesOf(review, template))
            seen[`${review.entity.name}.${template.attribute.name}.${site.field.name}`] = siteIntendedOrder(site).meaning.kind;
        }
      }
      return [];
    },
  };
  findingsOf(probe, design);
  return seen;
}

describe('siteIntendedOrder (the ordering rules ask the one judge)', () => {
  it('the Leaderboard: ts on byPlayer is declared N, so it is a number; the padded fields mean their format; playerId is an id', () => {
    expect(meanings(LEADERBOARD_DESIGN)).toMatchObject({
      'Run.ts.ts': 'number',
      'Run.rankKey.score': 'number',
      'Run.rankKey.ts': 'epoch',
      'Run.rankKey.playerId': 'randomId',
      'Run.playerId.playerId': 'randomId',
    });
  });

  it('string fields are judged from all their sample values', () => {
    const design = tinyDesign([
      {
        name: 'Score',
        keys: { PK: 'P', SK: 'SCORE#{score}#{player}' },
        rows: [
          { score: '10', player: 'Zoe' },
          { score: '9', player: 'adam' },
        ],
      },
      { name: 'Event', keys: { PK: 'P', SK: 'EVT#{at}' }, rows: [{ at: '6/23/2026' }, { at: '11/2/2025' }] },
    ]);
    expect(meanings(design)).toMatchObject({ 'Score.SK.score': 'number', 'Score.SK.player': 'name', 'Event.SK.at': 'date' });
  });
});
