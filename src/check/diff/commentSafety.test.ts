import MarkdownIt from 'markdown-it';
import { describe, expect, it } from 'vitest';
import { DESIGN_FORMAT, LEADERBOARD_DESIGN, parseDesignDocument, type Design } from '../../design';
import { withIndex, withTable, withTemplate } from '../../design/diff/designEdits.fixtures';
import { buildDiffReport } from './buildDiffReport';
import { LEADERBOARD_V2, REVISION_SIDES } from './diffReport.fixtures';
import { renderDiffMarkdown } from './renderDiffMarkdown';
import { renderDiffText } from './renderDiffText';
import { expectOk } from '../../errors/testing';

const markdown = new MarkdownIt({ html: true, linkify: true });
markdown.linkify.set({ fuzzyLink: false });

/** Markup, links and mentions a hostile design could try to put into a pull-request comment. */
const HOSTILE =
  '</details></table><script>alert(1)</script><img src=x onerror=alert(1)> | cell | [click](https://evil.example) ![i](x) @everyone @org/team #1 www.evil.example https://evil.example `tick` *em* <!-- \u202Eexe';

function valid(design: Design): Design {
  const read = parseDesignDocument({ ...design, format: DESIGN_FORMAT });
  expectOk(read);
  return read.design;
}

/** Every name a design lets through made hostile: the table (as far as DynamoDB's names allow), the entity, sample ids, templates, patterns. */
function hostile(design: Design): Design {
  return withTable(design, (table) => ({
    ...table,
    name: 'www.evil.example',
    entities: table.entities.map((entity) => ({
      ...entity,
      name: `Run ${HOSTILE}`,
      samples: entity.samples.map((sample, index) => ({
        ...sample,
        id: `${index} ${HOSTILE}`,
        values: { ...sample.values, playerId: `${sample.values.playerId ?? ''} ${HOSTILE}` },
      })),
    })),
    accessPatterns: table.accessPatterns.map((pattern) => ({ ...pattern, name: `${pattern.name} ${HOSTILE}`, entities: [`Run ${HOSTILE}`] })),
  }));
}

const ALLOWED_TAGS = new Set([
  'h2',
  'h3',
  'p',
  'strong',
  'em',
  'code',
  'pre',
  'table',
  'thead',
  'tbody',
  'tr',
  'th',
  'td',
  'br',
  'details',
  'summary',
  'ul',
  'li',
  'sub',
]);

/** The rendered HTML's text outside code: where GitHub turns @names, #numbers, URLs and www. into mentions and links. */
const proseOf = (html: string) =>
  html
    .replace(/<pre>[\s\S]*?<\/pre>|<code>[\s\S]*?<\/code>/g, ' ')
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#(\d+);/g, (_entity, code: string) => String.fromCodePoint(Number(code)));

describe('a hostile design in keylab diff’s pull-request comment', () => {
  const before = valid(hostile(LEADERBOARD_DESIGN));
  const after = valid(
    withTable(hostile(LEADERBOARD_V2), (table) =>
      withTemplate(
        withIndex(table, 'byPlayer', (index) => index),
        `Run ${HOSTILE}`,
        'rankKey',
        `${HOSTILE.replace(/[{}]/g, '')}{score:int(12)}#{ts:epoch(16)}#{playerId}`,
      ),
    ),
  );
  const report = buildDiffReport(before, after, REVISION_SIDES);
  const comment = renderDiffMarkdown(report, { examples: 20 });
  const html = markdown.render(comment);

  it('really carries the hostile text into the diff (else the test would prove nothing)', () => {
    expect(report.changes.some((change) => change.subject.includes('<script>'))).toBe(true);
    expect(report.changes.flatMap((change) => change.moves ?? []).some((moves) => moves.items.some((item) => item.sampleId.includes('<script>')))).toBe(true);
  });

  it('renders no HTML of its own: only the tags the comment itself writes', () => {
    const tags = new Set([...html.matchAll(/<\/?([a-z0-9]+)/gi)].map(([, tag]) => (tag ?? '').toLowerCase()));
    expect([...tags].filter((tag) => !ALLOWED_TAGS.has(tag))).toEqual([]);
    expect(html).not.toMatch(/<script|<img|<a[\s>]|<!--/i);
    // Every <details> the comment opens, it closes: a name can't close one early.
    expect(html.match(/<details/g)?.length).toBe(html.match(/<\/details>/g)?.length);
  });

  it('keeps every table row to its own cells: a pipe in a name can’t add one', () => {
    for (const [, table] of html.matchAll(/<table>([\s\S]*?)<\/table>/g)) {
      const counts = [...(table ?? '').matchAll(/<tr>([\s\S]*?)<\/tr>/g)].map(([, row]) => (row ?? '').match(/<t[hd]>/g)?.length);
      expect(new Set(counts).size).toBe(1);
    }
  });

  it('shows the names as their text, with no link, mention or issue reference', () => {
    // The sample id in its code span, exactly (the bidi control shown as a marker).
    expect(html).toContain('<code>0 &lt;/details&gt;&lt;/table&gt;&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(html).toContain('⟨U+202E⟩');
    const prose = proseOf(html);
    expect(prose).toContain('www.evil.example'.replace('.', '\u200B.'));
    expect(prose).not.toMatch(/@[a-z0-9]/i);
    expect(prose).not.toMatch(/#\d/);
    expect(prose).not.toMatch(/\bwww\./i);
    expect(prose).not.toMatch(/[a-z]:\/\//i);
  });

  it('keeps the text output free of control characters (a terminal escape can’t ride in on a name)', () => {
    const escape = withTable(before, (table) => withTemplate(table, `Run ${HOSTILE}`, 'rankKey', '\u001b[31m{score:int(11)}#{ts:epoch(16)}#{playerId}'));
    const text = renderDiffText(buildDiffReport(before, valid(escape), REVISION_SIDES));
    expect(text).toContain('rankKey: ␛[31m{score:int(11)}');
    // eslint-disable-next-line no-control-regex -- the point: no raw control character but line breaks.
    expect(text).not.toMatch(/[\u0000-\u0009\u000B-\u001F\u007F\u202E]/);
  });
});

describe('a comment over GitHub’s limit', () => {
  const report = buildDiffReport(LEADERBOARD_DESIGN, LEADERBOARD_V2, REVISION_SIDES);

  it('drops the item examples first, then rows, and says what it left out', () => {
    const full = renderDiffMarkdown(report);
    const noExamples = renderDiffMarkdown(report, { maxLength: full.length - 1 });
    expect(noExamples.length).toBeLessThan(full.length);
    expect(noExamples).not.toContain('<details>');
    expect(noExamples).toContain(
      '**Truncated** to stay under GitHub’s 65,536-character comment limit: no item examples, 5 of 5 changes, 1 of 1 migrations, 0 of 0 findings shown.',
    );
    const fewer = renderDiffMarkdown(report, { maxLength: 3_000 });
    expect(fewer.length).toBeLessThanOrEqual(3_000);
    expect(fewer).toMatch(/no item examples, [1-4] of 5 changes/);
    // Still a table with its header and whole rows.
    const rows = markdown.render(fewer).match(/<tr>/g)?.length ?? 0;
    expect(rows).toBeGreaterThan(1);
  });

  it('clips a name that alone would fill the comment', () => {
    const huge = 'x'.repeat(100_000);
    const long = valid(
      withTable(LEADERBOARD_V2, (table) => ({
        ...table,
        entities: table.entities.map((entity) => ({ ...entity, name: huge })),
        accessPatterns: table.accessPatterns.map((pattern) => ({ ...pattern, entities: [huge] })),
      })),
    );
    const before = valid(
      withTable(LEADERBOARD_DESIGN, (table) => ({
        ...table,
        entities: table.entities.map((entity) => ({ ...entity, name: huge })),
        accessPatterns: table.accessPatterns.map((pattern) => ({ ...pattern, entities: [huge] })),
      })),
    );
    const comment = renderDiffMarkdown(buildDiffReport(before, long, REVISION_SIDES));
    expect(comment.length).toBeLessThanOrEqual(65_536);
    expect(comment).toContain('more characters)');
    expect(comment).toMatch(/The command is 100,\d{3} characters long: `keylab diff --format text` prints it\./);
    expect(comment).not.toContain('Truncated');
  });
});
