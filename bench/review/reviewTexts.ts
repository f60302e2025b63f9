import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EXAMPLE_DESIGNS, importDesignFile, splitMessageText, type Design } from '../../src/design';
import { buildSlides } from '../../src/design/present';
import { reviewDesign, type ReviewCode } from '../../src/design/review';
import { buildReviewDocument, renderReviewMarkdown, type ReviewDocument } from '../../src/design/reviewDocument';
import { runAccessPatterns, type AccessPatternsRun } from '../../src/state/design/runAccessPatterns';
import { CORPUS_DIR, corpusFiles } from './loadCorpus';

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
  /** The rule that wrote it (findings), or where it was shown. */
  readonly source: string;
  readonly text: string;
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
  for (const file of readdirSync(FIXTURES_DIR).filter((name) => name.endsWith('.json')).sort()) read(FIXTURES_DIR, file);
  for (const file of corpusFiles(CORPUS_DIR)) read(CORPUS_DIR, file);
  return designs;
}

/** The review document's lines of runs as text, each code run between backticks (its own backticks dropped: it is data). */
function documentProse(document: ReviewDocument): string[] {
  const lines: string[] = [];
  for (const section of document.sections) {
    for (const block of section.blocks) {
      const runs = block.kind === 'paragraph' || block.kind === 'subheading' ? [block.content] : block.kind === 'list' ? block.items : block.kind === 'table' ? block.rows.flat() : [];
      for (const line of runs) lines.push(line.map((run) => (run.kind === 'code' ? `\`${run.text.replace(/`/g, '')}\`` : run.text)).join(''));
    }
  }
  return lines;
}

/** Every text the review, the pattern runs, the slides and the review document show for one design. */
export async function collectShownTexts({ name, design }: CorpusDesign): Promise<{ texts: ShownText[]; markdown: string }> {
  const texts: ShownText[] = [];
  const add = (kind: TextKind, source: string, text: string) => texts.push({ design: name, kind, source, text });
  const findings = reviewDesign({ design });
  for (const finding of findings) {
    const source: ReviewCode = finding.code;
    add('message', source, finding.message);
    add('suggestion', source, finding.suggestion);
    if (finding.fix) add('fixLabel', source, finding.fix.label);
    for (const line of finding.evidence) add('evidenceLabel', source, line.label);
  }
  const results: Record<string, AccessPatternsRun['outcomes']> = {};
  for (const table of design.tables) {
    if (table.accessPatterns.length === 0) continue;
    const run = await runAccessPatterns(table);
    results[table.name] = run.outcomes;
    for (const [id, outcome] of Object.entries(run.outcomes)) for (const reason of outcome.reasons) add('reason', `pattern ${id} (${reason.code})`, reason.message);
  }
  for (const slide of buildSlides(design, { findings, results })) {
    add('slideTitle', slide.kind, slide.title);
    if (slide.kind === 'accessPattern') {
      for (const problem of slide.problems) add('problem', `slide ${slide.title}`, problem);
      for (const reason of slide.result?.reasons ?? []) add('reason', `slide ${slide.title}`, reason);
    }
    if (slide.kind === 'findings') {
      for (const finding of slide.findings) {
        add('message', `slide ${finding.code}`, finding.message);
        add('suggestion', `slide ${finding.code}`, finding.suggestion);
      }
    }
  }
  const document = buildReviewDocument(design, { findings, patternResults: results });
  for (const line of documentProse(document)) add('documentProse', 'review document', line);
  return { texts, markdown: renderReviewMarkdown(document) };
}

/** The words of a text (its code spans left out: they quote data). */
export function wordsOf(text: string): string {
  return splitMessageText(text)
    .map((span) => (span.kind === 'code' ? ' `code` ' : span.text))
    .join('');
}
