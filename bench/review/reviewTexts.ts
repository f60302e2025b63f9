import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXAMPLE_DESIGNS, importDesignFile, splitMessageText, type Design } from '../../src/design';
import { buildSlides } from '../../src/design/present';
import { reviewDesign, type ReviewCode } from '../../src/design/review';
import { buildReviewDocument, renderReviewMarkdown, type ReviewDocument } from '../../src/design/reviewDocument';
import { runAccessPatterns, type AccessPatternsRun } from '../../src/state/design/runAccessPatterns';
import { CORPUS_DIR, corpusFiles } from './loadCorpus';

/** The date the review documents here are generated on (fixed: the document is pure). */
const REVIEW_NOW = new Date('2026-12-05T09:40:00.000Z');

/**
 * Every text the review shows for a design, to read it as a reader would:
 * each finding's message, evidence labels, suggestion and fix label, each
 * access pattern's reasons and problems, the slides' texts and the review
 * document's prose, over a corpus of designs (the built-in examples, the
 * Workbench import fixtures and corpus/review).
 */

/** What a text is: a sentence (capital start, final stop) or a label (capital start only), or a run of a document. */
export type TextKind = 'message' | 'suggestion' | 'reason' | 'problem' | 'fixLabel' | 'evidenceLabel' | 'slideTitle' | 'documentProse';

export interface ShownText {
  /** The design file (or example id) it came from. */
  readonly design: string;
  readonly kind: TextKind;
  /** Who wrote the words: the rule's code (`review.noTiebreaker`), a pattern verdict's reason (`accessPatterns.wrongOrder`), `slides` or `reviewDocument`. */
  readonly owner: string;
  /** Where it was shown (the slide, the pattern), for a reader of a failure. */
  readonly where: string;
  readonly text: string;
  /** The design's own names (tables, entities, indexes, attributes, fields): a sentence may begin with one as it is spelled. */
  readonly names: ReadonlySet<string>;
}

export interface CorpusDesign {
  readonly name: string;
  readonly design: Design;
}

const FIXTURES_DIR = join(dirname(fileURLToPath(import.meta.url)), '../../src/design/interchange/fixtures');

/** The built-in examples, the Workbench fixtures that import, and every design of corpus/review. */
export function sentenceCorpus(): CorpusDesign[] {
  const designs: CorpusDesign[] = EXAMPLE_DESIGNS.map(({ id, design }) => ({ name: id, design }));
  const read = (dir: string, file: string) => {
    const imported = importDesignFile(readFileSync(join(dir, file), 'utf8'), file);
    if (imported.ok) designs.push({ name: file, design: imported.design });
  };
  for (const file of readdirSync(FIXTURES_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort())
    read(FIXTURES_DIR, file);
  for (const file of corpusFiles(CORPUS_DIR)) read(CORPUS_DIR, file);
  return designs;
}

/** The review document's lines of runs as text, each code run between backticks (its own backticks dropped: it is data). */
function documentProse(document: ReviewDocument): string[] {
  const lines: string[] = [];
  for (const section of document.sections) {
    for (const block of section.blocks) {
      const runs =
        block.kind === 'paragraph' || block.kind === 'subheading'
          ? [block.content]
          : block.kind === 'list'
            ? block.items
            : block.kind === 'table'
              ? block.rows.flat()
              : [];
      for (const line of runs) lines.push(line.map((run) => (run.kind === 'code' ? `\`${run.text.replace(/`/g, '')}\`` : run.text)).join(''));
    }
  }
  return lines;
}

/** The names a design gives its tables, entities, indexes, key attributes, template fields, sample values and patterns. */
export function designNames(design: Design): Set<string> {
  const names = new Set<string>();
  for (const table of design.tables) {
    names.add(table.name);
    for (const attribute of [table.partitionKey, ...(table.sortKey ? [table.sortKey] : [])]) names.add(attribute.name);
    for (const index of table.indexes) {
      names.add(index.name);
      for (const attribute of [...index.partitionKey, ...index.sortKey]) names.add(attribute.name);
    }
    for (const entity of table.entities) {
      names.add(entity.name);
      for (const template of Object.values(entity.keys)) for (const [, field = ''] of template.matchAll(/\{([^}:]+)/g)) names.add(field);
      for (const attribute of entity.attributes) names.add(attribute.name);
      for (const sample of entity.samples) for (const field of Object.keys(sample.values)) names.add(field);
    }
    for (const pattern of table.accessPatterns) names.add(pattern.name);
  }
  return names;
}

/** Every text the review, the pattern runs, the slides and the review document show for one design. */
export async function collectShownTexts({ name, design }: CorpusDesign): Promise<{ texts: ShownText[]; markdown: string }> {
  const texts: ShownText[] = [];
  const names = designNames(design);
  const add = (kind: TextKind, owner: string, where: string, text: string) => texts.push({ design: name, kind, owner, where, text, names });
  const findings = reviewDesign({ design });
  for (const finding of findings) {
    const owner: ReviewCode = finding.code;
    add('message', owner, 'Design review', finding.message);
    add('suggestion', owner, 'Design review', finding.suggestion);
    if (finding.fix) add('fixLabel', owner, 'Design review', finding.fix.label);
    for (const line of finding.evidence) add('evidenceLabel', owner, 'Design review', line.label);
  }
  const results: Record<string, AccessPatternsRun['outcomes']> = {};
  for (const table of design.tables) {
    if (table.accessPatterns.length === 0) continue;
    const run = await runAccessPatterns(table);
    results[table.name] = run.outcomes;
    for (const [id, outcome] of Object.entries(run.outcomes))
      for (const reason of outcome.reasons) add('reason', `accessPatterns.${reason.code}`, `pattern ${id}`, reason.message);
  }
  for (const slide of buildSlides(design, { findings, results })) {
    add('slideTitle', 'slides', `${slide.kind} slide`, slide.title);
    if (slide.kind === 'accessPattern') {
      for (const problem of slide.problems) add('problem', 'accessPatterns.buildPatternRequest', `slide ${slide.title}`, problem);
      const outcome = results[slide.table]?.[slide.patternId];
      // The slide's reasons are the run's, in order: each is charged to its reason's code.
      (slide.result?.reasons ?? []).forEach((reason, index) =>
        add('reason', `accessPatterns.${outcome?.reasons[index]?.code ?? 'reason'}`, `slide ${slide.title}`, reason),
      );
    }
    if (slide.kind === 'findings') {
      for (const finding of slide.findings) {
        add('message', finding.code, 'findings slide', finding.message);
        add('suggestion', finding.code, 'findings slide', finding.suggestion);
      }
    }
  }
  const document = buildReviewDocument(design, { now: REVIEW_NOW, findings, patternResults: results });
  for (const line of documentProse(document)) add('documentProse', 'reviewDocument', 'review document', line);
  return { texts, markdown: renderReviewMarkdown(document) };
}

/** The words of a text (its code spans left out: they quote data). */
export function wordsOf(text: string): string {
  return splitMessageText(text)
    .map((span) => (span.kind === 'code' ? ' `code` ' : span.text))
    .join('');
}
