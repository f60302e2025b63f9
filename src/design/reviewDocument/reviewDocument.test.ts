import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import type { Design, TableDesign } from '../design.types';
import { LEADERBOARD_DESIGN, SHOP_DESIGN } from '../examples';
import { findingId, type ReviewedFinding } from '../review';
import { buildReviewDocument, reviewMarkdown } from './buildReviewDocument';
import { signOff } from '../decisions';
import type { ReviewPatternResults } from './reviewDocument.types';

/** The date the review documents here are generated on (fixed: the document is pure). */
const REVIEW_NOW = new Date('2026-12-05T09:40:00.000Z');

const markdown = new MarkdownIt({ html: true, linkify: false });
const leaderboard = LEADERBOARD_DESIGN.tables[0] as TableDesign;

function finding(overrides: Partial<ReviewedFinding> & Pick<ReviewedFinding, 'code'>): ReviewedFinding {
  const subject = overrides.subject ?? { table: 'Leaderboard', entity: 'Run', keyAttribute: 'rankKey', field: 'score' };
  return { id: findingId(overrides.code, subject), severity: 'warning', subject, message: 'A message.', evidence: [], suggestion: 'A fix.', ...overrides };
}

/** What the built-in engine returns for the leaderboard's patterns (the state layer passes it in). */
function leaderboardResults(): ReviewPatternResults {
  const run = (index: number) => {
    const sample = leaderboard.entities[0]!.samples[index]!;
    return {
      entity: 'Run',
      item: {
        leaderboardId: { S: 'SEASON#2026-SUMMER' },
        rankKey: { S: `${sample.values.score!.padStart(10, '0')}#${sample.values.ts!.padStart(16, '0')}#${sample.values.playerId}` },
        playerId: { S: sample.values.playerId! },
        ts: { N: sample.values.ts! },
      },
    };
  };
  return { Leaderboard: { 'top-scores': { verdict: 'passes', reasons: [], items: [run(0), run(1)] } } };
}

/** Every table row of rendered HTML has as many cells as its table has columns. */
function tableShapes(html: string): { columns: number; cells: number[] }[] {
  return [...html.matchAll(/<table>([\s\S]*?)<\/table>/g)].map(([, table = '']) => ({
    columns: (table.match(/<th>/g) ?? []).length,
    cells: [...table.matchAll(/<tr>([\s\S]*?)<\/tr>/g)].slice(1).map(([, row = '']) => (row.match(/<td>/g) ?? []).length),
  }));
}

describe('the review document of the leaderboard example', () => {
  const text = reviewMarkdown(LEADERBOARD_DESIGN, { now: REVIEW_NOW, findings: [], patternResults: leaderboardResults() });

  it('has the title, the seven sections and their subheadings in order', () => {
    const headings = text.split('\n').filter((line) => line.startsWith('#'));
    expect(headings).toEqual([
      '# Leaderboard',
      '## Tables and indexes',
      '### Table `Leaderboard`',
      '## Key templates',
      '### Entities of table `Leaderboard`',
      '## Item collection',
      '## Access patterns',
      '### Top scores of a season, highest first',
      '### A player’s runs, newest first',
      '## Findings',
      '## Decisions',
      '## Sign-off',
    ]);
    expect(buildReviewDocument(LEADERBOARD_DESIGN, { now: REVIEW_NOW, findings: [] }).sections.map((section) => section.id)).toEqual([
      'tables',
      'templates',
      'item-collection',
      'access-patterns',
      'findings',
      'decisions',
      'sign-off',
    ]);
  });

  it('lists the table and its index with keys, type and projection', () => {
    expect(text).toContain('| Name | Partition key | Sort key | Type | Projection |');
    expect(text).toContain('| `Leaderboard` | `leaderboardId` (S) | `rankKey` (S) | Table | — |');
    expect(text).toContain('| `byPlayer` | `playerId` (S) | `ts` (N) | GSI | ALL |');
  });

  it('shows each key template with the first sample’s key and its UTF-8 byte length of the limit', () => {
    expect(text).toContain(
      '| `Run` | `rankKey` (S, sort) | `{score:int(10)}#{ts:epoch(16)}#{playerId}` | `0000002300#0000001719705600#p_7781` | 34 of 1,024 |',
    );
    expect(text).toContain('| `Run` | `leaderboardId` (S, partition) | `SEASON#{season}` | `SEASON#2026-SUMMER` | 18 of 2,048 |');
    expect(text).toContain('| `Run` | `ts` (N, sort) | `{ts}` | `1719705600` | a number (N) |');
  });

  it('lists the item collection in DynamoDB’s order: padded scores ascending, the tie broken by time', () => {
    const collection = text.slice(text.indexOf('## Item collection'), text.indexOf('## Access patterns'));
    const rows = collection.split('\n').filter((line) => /^\| \d+ \| `Run` \|/.test(line));
    expect(rows).toHaveLength(12);
    expect(rows[0]).toBe('| 1 | `Run` | `0000000003#0000001719745200#p_4477` |');
    expect(rows[7]).toContain('#0000001719716400#p_2209');
    expect(rows[8]).toContain('#0000001719720000#p_9001');
    expect(rows[11]).toBe('| 12 | `Run` | `0000002300#0000001719705600#p_7781` |');
  });

  it('gives each access pattern its KeyConditionExpression, names and values, and its sample result or "not run"', () => {
    expect(text).toContain('**KeyConditionExpression:** `leaderboardId = :leaderboardId`');
    expect(text).toContain('"ExpressionAttributeValues": {\n    ":leaderboardId": {\n      "S": "SEASON#2026-SUMMER"');
    expect(text).toContain('"IndexName": "byPlayer"');
    expect(text).toContain('**Verdict:** passes');
    expect(text).toContain('| \\# | Entity | leaderboardId | rankKey |');
    expect(text).toContain('| 1 | `Run` | `SEASON#2026-SUMMER` | `0000002300#0000001719705600#p_7781` |');
    const playerRuns = text.slice(text.indexOf('### A player’s runs'));
    expect(playerRuns).toContain('**Sample result:** not run.');
  });

  it('renders as well-formed Markdown: every table row has one cell per column', () => {
    const html = markdown.render(text);
    const shapes = tableShapes(html);
    expect(shapes.length).toBe(4);
    for (const shape of shapes) expect(shape.cells.every((cells) => cells === shape.columns)).toBe(true);
  });
});

describe('findings and accepted findings', () => {
  const findings = [
    finding({
      code: 'review.widthTooNarrow',
      severity: 'error',
      message: 'The score overflows 10 digits.',
      evidence: [{ label: 'sorts first', text: '9999999999#…' }],
    }),
    finding({
      code: 'review.noTiebreaker',
      subject: { table: 'Leaderboard', entity: 'Run', keyAttribute: 'rankKey' },
      decision: {
        id: 'x',
        code: 'review.noTiebreaker',
        kind: 'wontFix',
        comment: 'one run per second | per player',
        decidedBy: 'Ada',
        decidedAt: '2026-12-05T10:40:00+01:00',
      },
    }),
  ];

  it('puts open findings with code, severity, subject and message in Findings, the decided ones by kind with comment, who and when in Decisions', () => {
    const text = reviewMarkdown(LEADERBOARD_DESIGN, { now: REVIEW_NOW, findings });
    const open = text.slice(text.indexOf('## Findings'), text.indexOf('## Decisions'));
    const accepted = text.slice(text.indexOf('## Decisions'));
    expect(accepted).toContain("### Won't fix (1)");
    expect(accepted).not.toContain('Accepted (');
    expect(open).toContain(
      '| error | `review.widthTooNarrow` | `Leaderboard` / `Run` / `rankKey` / `score` | The score overflows 10 digits. Sorts first: `9999999999#…`. Fix: A fix. |',
    );
    expect(open).not.toContain('review.noTiebreaker');
    expect(accepted).toContain(
      '| warning | `review.noTiebreaker` | `Leaderboard` / `Run` / `rankKey` | A message. | one run per second \\| per player | Ada | 2026-12-05 09:40 UTC |',
    );
  });

  it("keeps a decision the review no longer reports, by id and code (an older file's acceptance with no name or date)", () => {
    const design: Design = {
      ...LEADERBOARD_DESIGN,
      decisions: [
        {
          id: 'review.caseOrder|Leaderboard|Run||rankKey||',
          code: 'review.caseOrder',
          kind: 'accepted',
          comment: 'ids are lower case',
          decidedBy: '',
          decidedAt: '',
        },
      ],
    };
    const text = reviewMarkdown(design, { now: REVIEW_NOW, findings: [] });
    expect(text).toContain(
      '| — | `review.caseOrder` | `review.caseOrder|Leaderboard|Run||rankKey||` | No longer reported. | ids are lower case | — | — |'
        .replace(/\|\|/g, '\\|\\|')
        .replace('caseOrder|Leaderboard|Run', 'caseOrder\\|Leaderboard\\|Run'),
    );
    expect(text).toContain('The review found nothing.');
  });

  it('writes the code a message, its evidence, its fix and a pattern’s reason quote as Markdown code spans, never as escaped backticks', () => {
    const quoting = finding({
      code: 'review.numberInStringField',
      message: 'Scores stored as text in `SCORE#{score}` sort `9` after `10`.',
      evidence: [{ label: 'Keys of `Run`', text: 'SCORE#9' }],
      suggestion: "Use `{score:int(10)}` as the article's `<paddedScore>#<playerId>` does.",
    });
    const results: ReviewPatternResults = {
      Leaderboard: { 'top-scores': { verdict: 'fails', reasons: [{ message: 'Item `SCORE#9` comes before `SCORE#240`.' }], items: [] } },
    };
    const text = reviewMarkdown(LEADERBOARD_DESIGN, { now: REVIEW_NOW, findings: [quoting], patternResults: results });
    expect(text).toContain(
      "Scores stored as text in `SCORE#{score}` sort `9` after `10`. Keys of `Run`: `SCORE#9`. Fix: Use `{score:int(10)}` as the article's `<paddedScore>#<playerId>` does. |",
    );
    expect(text).toContain('- Item `SCORE#9` comes before `SCORE#240`.');
    expect(text).not.toContain('\\`');
    const html = markdown.render(text);
    expect(html).toContain('<code>{score:int(10)}</code>');
    expect(html).toContain('<code>SCORE#240</code>');
    expect(html).not.toMatch(/`|␣/);
  });

  it('says so when nothing is decided', () => {
    expect(reviewMarkdown(SHOP_DESIGN, { now: REVIEW_NOW, findings: [] })).toContain('No finding is decided.');
  });
});

describe('a hostile design', () => {
  const HTML = '</details><script>alert(1)</script>';
  const table = SHOP_DESIGN.tables[0] as TableDesign;
  const entityName = 'Order | `x` </td><img src=x onerror=alert(1)>';
  const hostile: Design = {
    ...SHOP_DESIGN,
    name: `# ${HTML}`,
    description: 'line one\n\n# not a heading\n| a | b |\n```\n- not a list',
    tables: [
      {
        ...table,
        description: '<details><summary>x</summary>',
        entities: table.entities.map((entity) =>
          entity.name === 'Order'
            ? {
                ...entity,
                name: entityName,
                samples: entity.samples.map((sample) => ({ ...sample, values: { ...sample.values, orderId: 'o_1`|</code>\u202Eevil' } })),
              }
            : entity,
        ),
        accessPatterns: table.accessPatterns.map((pattern) => ({
          ...pattern,
          name: `## ${pattern.name} <b>\u202Ebold`,
          entities: pattern.entities.map((name) => (name === 'Order' ? entityName : name)),
        })),
      },
    ],
  };
  const findings = [
    finding({
      code: 'review.delimiterInValue',
      subject: { table: table.name, entity: entityName, field: 'a\nb' },
      message: `bad ${HTML}`,
      decision: {
        id: 'x',
        code: 'review.delimiterInValue',
        kind: 'fixLater',
        comment: 'note with\nnewline | and <b>html</b> `tick`',
        decidedBy: '<b>Eve</b>',
        decidedAt: '2026-12-05T09:40:00Z',
      },
    }),
  ];
  const results: ReviewPatternResults = {
    Shop: {
      [table.accessPatterns[0]!.id]: {
        verdict: 'fails',
        reasons: [{ message: `reason ${HTML}` }],
        items: [{ entity: entityName, item: { PK: { S: 'CUSTOMER#c1' }, SK: { S: 'ORDER#`|\n<script>' } } }],
      },
    },
  };
  const text = reviewMarkdown(hostile, { now: REVIEW_NOW, findings, patternResults: results });
  const html = markdown.render(text);

  it('renders no element the design named: no script, img, details, b or extra table', () => {
    expect(html).not.toMatch(/<(script|img|details|summary|b|td><img)\b/i);
    expect(html).toContain('&lt;/details&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
  });

  it('keeps the document’s structure: one title, seven sections, tables of even rows', () => {
    expect((html.match(/<h1>/g) ?? []).length).toBe(1);
    expect((html.match(/<h2>/g) ?? []).length).toBe(7);
    for (const shape of tableShapes(html)) expect(shape.cells.every((cells) => cells === shape.columns)).toBe(true);
    expect(html).not.toMatch(/<(ul|ol)>\s*<li>not a list/);
  });

  it('shows bidi controls as visible markers, never as the control itself', () => {
    expect(text).not.toMatch(/[\u202A-\u202E\u2066-\u2069]/);
    expect(text).toContain('⟨U+202E⟩');
  });

  it('keeps names and keys in code spans intact, pipes escaped in cells', () => {
    expect(html).toContain('<code>Order | `x` &lt;/td&gt;&lt;img src=x onerror=alert(1)&gt;</code>');
    expect(html).toContain('<code>ORDER#`|␊&lt;script&gt;</code>');
  });
});

describe('a large design', () => {
  it('lists the first 100 items of a collection and of a result, and says how many there are', () => {
    const entity = leaderboard.entities[0]!;
    const samples = Array.from({ length: 250 }, (_, index) => ({
      id: `run-${index}`,
      values: { season: '2026-SUMMER', score: String(index), ts: String(1719705600 + index), playerId: `p_${index}` },
    }));
    const big: Design = { ...LEADERBOARD_DESIGN, tables: [{ ...leaderboard, entities: [{ ...entity, samples }] }] };
    const items = samples.map((sample) => ({ entity: 'Run', item: { leaderboardId: { S: 'SEASON#2026-SUMMER' }, rankKey: { S: sample.id } } }));
    const text = reviewMarkdown(big, { now: REVIEW_NOW, findings: [], patternResults: { Leaderboard: { 'top-scores': { items } } } });
    const collection = text.slice(text.indexOf('## Item collection'), text.indexOf('## Access patterns'));
    expect(collection).toContain('| 100 | `Run` |');
    expect(collection).not.toContain('| 101 |');
    expect(collection).toContain('The first 100 of 250 items are listed.');
    const result = text.slice(text.indexOf('### Top scores'), text.indexOf('### A player’s runs'));
    expect(result).toContain('**Sample result:** 250 items');
    expect(result).toContain('The first 100 of 250 items are listed.');
  });
});

describe('the request JSON', () => {
  it('keeps a bidi control in a key as a JSON escape: exact JSON, shown without reordering', () => {
    const season = '2026\u202ESUMMER';
    const design: Design = {
      ...LEADERBOARD_DESIGN,
      tables: [
        {
          ...leaderboard,
          accessPatterns: leaderboard.accessPatterns.map((pattern) => (pattern.id === 'top-scores' ? { ...pattern, partitionValues: { season } } : pattern)),
        },
      ],
    };
    const text = reviewMarkdown(design, { now: REVIEW_NOW, findings: [] });
    const block = /```json\n([\s\S]*?)\n```/.exec(text)?.[1] ?? '';
    expect(block).toContain('"S": "SEASON#2026\\u202ESUMMER"');
    expect(JSON.parse(block).ExpressionAttributeValues[':leaderboardId']).toEqual({ S: `SEASON#${season}` });
  });
});

describe('the stamp, the decisions and the sign-offs', () => {
  const { format: _format, ...leaderboard } = LEADERBOARD_DESIGN;
  const decided = (kind: 'accepted' | 'wontFix' | 'fixLater', code: ReviewedFinding['code'], comment: string) =>
    finding({ code, decision: { id: code, code, kind, comment, decidedBy: 'Ada', decidedAt: '2026-12-05T09:00:00.000Z' } });

  it('is stamped at the top with the design’s name, its revision and the date it was generated', () => {
    const text = reviewMarkdown({ ...leaderboard, revision: 7 }, { now: REVIEW_NOW, findings: [] });
    expect(text.split('\n').slice(0, 3)).toEqual(['# Leaderboard', '', '**Design:** Leaderboard · **Revision** 7 · **Generated** 2026-12-05 09:40 UTC']);
    // A design never saved with a revision is revision 1.
    expect(reviewMarkdown(leaderboard, { now: REVIEW_NOW, findings: [] })).toContain('**Revision** 1 ·');
  });

  it('lists the decisions by kind, in the order accepted, won’t fix, fix later', () => {
    const findings = [
      decided('fixLater', 'review.caseOrder', 'next sprint'),
      decided('accepted', 'review.noTiebreaker', 'unique'),
      decided('wontFix', 'review.hotPartition', 'small table'),
    ];
    const text = reviewMarkdown(leaderboard, { now: REVIEW_NOW, findings });
    const decisions = text.slice(text.indexOf('## Decisions'), text.indexOf('## Sign-off'));
    expect(decisions.split('\n').filter((line) => line.startsWith('###'))).toEqual(['### Accepted (1)', "### Won't fix (1)", '### Fix later (1)']);
    expect(decisions).toContain('| small table | Ada | 2026-12-05 09:00 UTC |');
    expect(text.slice(text.indexOf('## Findings'), text.indexOf('## Decisions'))).toContain('Every finding is decided (see Decisions).');
  });

  it('lists each sign-off with its date and revision, marked out of date once the design changed after it', () => {
    const signed = signOff({ ...leaderboard, revision: 2 }, 'Ada <b>', new Date('2026-12-05T09:00:00.000Z'));
    const current = reviewMarkdown(signed, { now: REVIEW_NOW, findings: [] });
    expect(current).toContain('| Ada &lt;b&gt; | 2026-12-05 09:00 UTC | 2 | current |');
    const changed = reviewMarkdown({ ...signed, revision: 3, description: 'changed' }, { now: REVIEW_NOW, findings: [] });
    expect(changed).toContain('| Ada &lt;b&gt; | 2026-12-05 09:00 UTC | 2 | **out of date**: the design changed after this sign-off |');
    expect(changed).toContain('**Revision** 3');
    expect(reviewMarkdown(leaderboard, { now: REVIEW_NOW, findings: [] })).toContain('Nobody has signed this design off.');
  });
});
