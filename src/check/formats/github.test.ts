import { describe, expect, it } from 'vitest';
import scoreRawText from '../../../corpus/review/score-raw-text.keylab.json?raw';
import { checkReportOf } from './formats.fixtures';
import { writeGithubAnnotations } from './github';

/** A facet name is free text in a Workbench model: this one tries to end the command and start another. */
const HOSTILE_ENTITY = 'Ord,er::x\r\n::error file=evil.json::injected 100%';
const HOSTILE_FILE = 'designs/team a,b:c%.json';

function hostileModel(): string {
  const model = {
    ModelName: 'Orders',
    DataModel: [
      {
        TableName: 'Orders',
        KeyAttributes: { PartitionKey: { AttributeName: 'PK', AttributeType: 'S' }, SortKey: { AttributeName: 'SK', AttributeType: 'S' } },
        TableFacets: [
          {
            FacetName: HOSTILE_ENTITY,
            KeyAttributeAlias: { PartitionKeyAlias: 'PK', SortKeyAlias: 'SK' },
            TableData: [
              { PK: { S: 'ACCOUNT#1' }, SK: { S: 'SCORE#10' } },
              { PK: { S: 'ACCOUNT#1' }, SK: { S: 'SCORE#9' } },
              { PK: { S: 'ACCOUNT#1' }, SK: { S: 'SCORE#1500' } },
            ],
          },
        ],
      },
    ],
  };
  return JSON.stringify(model, null, 2);
}

/** A workflow command read back as the runner reads it: its name, its properties (unescaped) and its message (unescaped). */
function readCommand(line: string): { name: string; properties: Record<string, string>; message: string } {
  const match = /^::([a-z]+)(?: ([^:]*))?::(.*)$/.exec(line);
  if (!match) throw new Error(`not one workflow command: ${line}`);
  const unescape = (text: string) => text.replace(/%0D/g, '\r').replace(/%0A/g, '\n').replace(/%3A/g, ':').replace(/%2C/g, ',').replace(/%25/g, '%');
  const properties = Object.fromEntries(
    (match[2] ?? '')
      .split(',')
      .filter(Boolean)
      .map((pair) => [pair.slice(0, pair.indexOf('=')), unescape(pair.slice(pair.indexOf('=') + 1))]),
  );
  return { name: match[1]!, properties, message: unescape(match[3]!) };
}

describe('writeGithubAnnotations', () => {
  it('keeps a hostile entity name and file name inside one command each', async () => {
    const report = await checkReportOf([{ file: HOSTILE_FILE, text: hostileModel() }]);
    const output = writeGithubAnnotations(report);
    const lines = output.trimEnd().split('\n');
    const checked = report.files[0]!;
    if (checked.status !== 'checked') throw new Error('not checked');
    expect(checked.findings.length).toBeGreaterThan(0);
    // One line per open finding, then the summary; nothing else starts a command.
    expect(lines).toHaveLength(checked.findings.length + 1);
    expect(lines.at(-1)).toMatch(/^1 file: /);
    const commands = lines.slice(0, -1).map(readCommand);
    for (const command of commands) {
      expect(['error', 'warning', 'notice']).toContain(command.name);
      expect(command.properties.file).toBe(HOSTILE_FILE);
      expect(Object.keys(command.properties)).toEqual(['file', 'line', 'col', 'title']);
    }
    const numbers = commands.find((command) => command.properties.title === 'review.numberInStringField: Numbers in a string field')!;
    expect(numbers.name).toBe('error');
    expect(numbers.message).toContain(HOSTILE_ENTITY);
    // A Workbench model has no templates: the annotation says where it is shown instead.
    expect(numbers.message).toMatch(/\[Shown at the nearest place: SK of facet [\s\S]* first item \(a NoSQL Workbench model has no key templates/);
    expect(hostileModel().split('\n')[Number(numbers.properties.line) - 1]!.trim()).toMatch(/^"SK": \{/);
  });

  it('annotates errors, warnings and notes by severity, and leaves decided findings quiet', async () => {
    const document = JSON.parse(scoreRawText) as Record<string, unknown>;
    document.decisions = [
      {
        id: 'review.noTiebreaker|Leaderboard|Score||SK||',
        code: 'review.noTiebreaker',
        kind: 'accepted',
        comment: 'Ties are fine',
        decidedBy: 'Ana',
        decidedAt: '2026-12-05T09:40:00.000Z',
      },
    ];
    const report = await checkReportOf([{ file: 'designs/score.keylab.json', text: JSON.stringify(document, null, 2) }]);
    const commands = writeGithubAnnotations(report).trimEnd().split('\n').slice(0, -1).map(readCommand);
    const checked = report.files[0]!;
    if (checked.status !== 'checked') throw new Error('not checked');
    const open = checked.findings.filter((finding) => !finding.decision);
    expect(checked.findings.length - open.length).toBe(1);
    expect(commands.map((command) => command.properties.title?.split(':')[0])).toEqual([
      ...open.map((finding) => finding.code),
      ...checked.patterns.filter((pattern) => pattern.verdict === 'fails').map(() => 'keylab.accessPattern'),
    ]);
    expect(commands.map((command) => command.name)).toEqual([
      ...open.map((finding) => ({ error: 'error', warning: 'warning', note: 'notice' })[finding.severity]),
      ...checked.patterns.filter((pattern) => pattern.verdict === 'fails').map(() => 'error'),
    ]);
  });

  it('annotates an unreadable file at its line and column', async () => {
    const report = await checkReportOf([{ file: 'designs/broken.keylab.json', text: '{\n  "format": "keylab.design/1",\n  "name": "x" "tables": []\n}' }]);
    const [first] = writeGithubAnnotations(report)
      .split('\n')
      .map((line) => (line.startsWith('::') ? readCommand(line) : undefined));
    expect(first).toMatchObject({
      name: 'error',
      properties: { file: 'designs/broken.keylab.json', line: '3', col: '15', title: 'keylab.unreadableFile: not a readable design' },
    });
  });
});
