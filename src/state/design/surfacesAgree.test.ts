import { describe, expect, it } from 'vitest';
import {
  buildItemCollection,
  compileTemplateText,
  EXAMPLE_DESIGNS,
  importDesignFile,
  keyRoleOf,
  keySchemaOf,
  listPartitions,
  type Design,
  type ReviewDocument,
  type TableDesign,
} from '../../design';
import { buildSlides, type AccessPatternSlide, type EntityOrderSlide, type ItemCollectionSlide, type Slide } from '../../design/present';
import { buildReviewDocument } from '../../design/reviewDocument';
import { plainScoreDesign } from '../../design/present/present.fixtures';
import { compareSampleOrders, judgeTemplateFields, rankByIntendedOrder } from '../../keys';
import { runAccessPatterns, type PatternRunOutcome } from './runAccessPatterns';
import { expectOk } from '../../errors/testing';

/** The date the review documents here are generated on (fixed: the document is pure). */
const REVIEW_NOW = new Date('2026-12-05T09:40:00.000Z');

/**
 * Issue 31: every surface asks one judge, so two surfaces never disagree about
 * one design. Over the built-in examples, the Workbench fixtures and the
 * review corpus (corpus/review), the key builder's lists
 * (compareSampleOrders), the item collection, the slides and the review
 * document must agree on which rows are out of place, and the slides and the
 * document must show each pattern's verdict as the run judged it.
 */

/** The Workbench importer's fixtures, by file name: every one that imports (broken.json is refused, as it should be). */
const FIXTURES = Object.entries(import.meta.glob<string>('../../design/interchange/fixtures/*.json', { query: '?raw', import: 'default', eager: true }))
  .map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text] as const)
  .sort(([a], [b]) => (a < b ? -1 : 1));

/** The review corpus (corpus/review): every design file, as Import design… reads it. */
const CORPUS = Object.entries(import.meta.glob<string>('../../../corpus/review/*.json', { query: '?raw', import: 'default', eager: true }))
  .map(([path, text]) => [path.slice(path.lastIndexOf('/') + 1), text] as const)
  .filter(([file]) => file !== 'labels.json' && file !== 'knownGaps.json')
  .sort(([a], [b]) => (a < b ? -1 : 1));

/** The corpus's own ratchet of verdicts not yet as labelled (corpus/review/knownGaps.json), as `file|pattern`. */
const CORPUS_VERDICT_GAPS: ReadonlySet<string> = new Set(
  Object.values(
    import.meta.glob<{ gaps: { design: string; kind: string; pattern?: string }[] }>('../../../corpus/review/knownGaps.json', {
      import: 'default',
      eager: true,
    }),
  )
    .flatMap((known) => known.gaps)
    .filter((gap) => gap.kind === 'verdict')
    .map((gap) => `${gap.design}|${gap.pattern ?? ''}`),
);

function designsToCheck(): { name: string; design: Design }[] {
  const designs: { name: string; design: Design }[] = EXAMPLE_DESIGNS.map(({ id, design }) => ({ name: id, design }));
  for (const [name, text] of FIXTURES) {
    const imported = importDesignFile(text, name);
    if (imported.ok) designs.push({ name, design: imported.design });
  }
  designs.push({ name: 'issue 31: plain-text scores', design: plainScoreDesign() });
  for (const [name, text] of CORPUS) {
    const imported = importDesignFile(text, name);
    expectOk(imported, name);
    designs.push({ name, design: imported.design });
  }
  return designs;
}

const ofKind = <K extends Slide['kind']>(slides: readonly Slide[], kind: K) =>
  slides.filter((slide): slide is Extract<Slide, { kind: K }> => slide.kind === kind);
const EVERY_ROW = 1_000_000;

/** Per entity of one partition, what the key builder says of its rows there: out-of-place sample ids, encoded and naive. */
function keyBuilderVerdicts(table: TableDesign, indexName: string | undefined, partitionId: string) {
  const schema = keySchemaOf(table, indexName);
  const collection = buildItemCollection(table, { ...(indexName === undefined ? {} : { indexName }), partition: partitionId });
  const result = new Map<string, { encoded: Set<string>; naive: Set<string> }>();
  // The key builder orders one key attribute: a multi-attribute sort key is the item collection's alone.
  if (!schema || schema.sort.length !== 1 || !schema.sort[0]) return undefined;
  const attribute = schema.sort[0];
  for (const entity of table.entities) {
    const ids = new Set(collection.rows.filter((row) => row.entity === entity.name).map((row) => row.sampleId));
    const text = entity.keys[attribute.name];
    if (ids.size === 0 || text === undefined) continue;
    const compiled = compileTemplateText(text, keyRoleOf(table, attribute.name));
    if (!compiled.ok || compiled.value.fields.length === 0) continue;
    const orders = compareSampleOrders(
      compiled.value.template,
      entity.samples.filter((sample) => ids.has(sample.id)),
      'ascending',
      attribute.type,
    );
    if (orders.excludedIds.length > 0) continue;
    const outOf = (list: typeof orders.encodedOrder) => new Set(list.filter((entry) => !entry.inPlace).map((entry) => entry.id));
    result.set(entity.name, { encoded: outOf(orders.encodedOrder), naive: outOf(orders.rawOrder) });
  }
  return { collection, byEntity: result };
}

function partitionIdOfSlide(table: TableDesign, slide: ItemCollectionSlide): string {
  const found = listPartitions(table, slide.index).find(
    (partition) => JSON.stringify(partition.parts.map((part) => ({ attribute: part.attribute, text: part.text }))) === JSON.stringify(slide.partition),
  );
  if (!found) throw new Error(`no partition ${JSON.stringify(slide.partition)}`);
  return found.id;
}

/** The review document's words about its item collection: the count it says is out of the intended order (0: "every"), or undefined without a claim. */
function documentOutOfPlaceClaim(document: ReviewDocument): number | undefined {
  const section = document.sections.find((candidate) => candidate.id === 'item-collection');
  for (const block of section?.blocks ?? []) {
    if (block.kind !== 'paragraph') continue;
    const words = block.content.map((run) => run.text).join('');
    if (words.startsWith('Every entity’s items are in their intended order')) return 0;
    const match = /^(\d+) of \d+ items are out of their intended order/.exec(words);
    if (match) return Number(match[1]);
  }
  return undefined;
}

/** The verdict the review document prints under a pattern's subheading. */
function documentVerdict(document: ReviewDocument, patternName: string): string | undefined {
  const blocks = document.sections.find((section) => section.id === 'access-patterns')?.blocks ?? [];
  const at = blocks.findIndex((block) => block.kind === 'subheading' && block.content.map((run) => run.text).join('') === patternName);
  for (const block of blocks.slice(at + 1)) {
    if (block.kind === 'subheading') return undefined;
    if (block.kind === 'paragraph' && block.content[0]?.text === 'Verdict: ') return block.content[1]?.text;
  }
  return undefined;
}

describe('every surface agrees about a design', () => {
  for (const { name, design } of designsToCheck()) {
    it(`${name}: key builder, item collection, slides and review document`, async () => {
      const results: Record<string, Record<string, PatternRunOutcome>> = {};
      for (const table of design.tables) if (table.accessPatterns.length > 0) results[table.name] = { ...(await runAccessPatterns(table)).outcomes };
      const slides = buildSlides(design, { findings: [], results, maxRows: EVERY_ROW });

      // The entity order slides count what the key builder's lists mark.
      for (const slide of ofKind(slides, 'entityOrder') as EntityOrderSlide[]) {
        const table = design.tables.find((candidate) => candidate.name === slide.table) as TableDesign;
        const entity = table.entities.find((candidate) => candidate.name === slide.entity);
        const compiled = compileTemplateText(slide.template, keyRoleOf(table, slide.keyAttribute));
        if (!entity) throw new Error(`slide ${slide.id} names no entity`);
        expectOk(compiled, `slide ${slide.id}: its template compiles`);
        const declared = keySchemaOf(table)?.sort.find((attribute) => attribute.name === slide.keyAttribute) ?? table.partitionKey;
        const orders = compareSampleOrders(compiled.value.template, entity.samples, slide.direction, declared.type);
        expect([slide.naiveOutOfPlace, slide.encodedOutOfPlace], slide.id).toEqual([
          orders.rawOrder.filter((entry) => !entry.inPlace).length,
          orders.encodedOrder.filter((entry) => !entry.inPlace).length,
        ]);
      }

      // Each item collection slide marks exactly the rows the key builder puts out of place, entity by entity.
      for (const slide of ofKind(slides, 'itemCollection') as ItemCollectionSlide[]) {
        const table = design.tables.find((candidate) => candidate.name === slide.table) as TableDesign;
        const verdicts = keyBuilderVerdicts(table, slide.index, partitionIdOfSlide(table, slide));
        if (!verdicts) continue;
        let naive = 0;
        let encoded = 0;
        for (const [entity, expected] of verdicts.byEntity) {
          const marked = new Set(
            verdicts.collection.rows.filter((row, index) => row.entity === entity && slide.rows.rows[index]?.intended?.outOfPlace).map((row) => row.sampleId),
          );
          expect([...marked].sort(), `${slide.id} ${entity}`).toEqual([...expected.encoded].sort());
          naive += expected.naive.size;
          encoded += expected.encoded.size;
        }
        if (verdicts.byEntity.size === new Set(verdicts.collection.rows.map((row) => row.entity)).size) {
          expect([slide.intendedOutOfPlaceCount, slide.naiveIntendedOutOfPlaceCount], slide.id).toEqual([encoded, naive]);
        }
      }

      // The review document's item collection says what the slides (and the key builder) say of that partition.
      const document = buildReviewDocument(design, { now: REVIEW_NOW, findings: [], patternResults: results });
      const first = design.tables[0];
      if (first) {
        const largest = [...listPartitions(first)].sort((a, b) => b.itemCount - a.itemCount)[0];
        const verdicts = largest && keyBuilderVerdicts(first, undefined, largest.id);
        const claim = documentOutOfPlaceClaim(document);
        if (verdicts && verdicts.byEntity.size > 0 && verdicts.byEntity.size === new Set(verdicts.collection.rows.map((row) => row.entity)).size) {
          expect(claim, 'review document').toBe([...verdicts.byEntity.values()].reduce((sum, entry) => sum + entry.encoded.size, 0));
        }
      }

      // Each pattern's verdict is the run's, on its slide and in the document; a pass never shows an order the key builder calls wrong.
      for (const slide of ofKind(slides, 'accessPattern') as AccessPatternSlide[]) {
        const outcome = results[slide.table]?.[slide.patternId];
        expect(slide.result?.verdict, slide.id).toBe(outcome?.verdict);
        const table = design.tables.find((candidate) => candidate.name === slide.table) as TableDesign;
        const pattern = table.accessPatterns.find((candidate) => candidate.id === slide.patternId);
        if (!pattern || !outcome) continue;
        expect(documentVerdict(document, pattern.name), `${slide.id} in the review document`).toBe(outcome.verdict);
        const knownGap = CORPUS_VERDICT_GAPS.has(`${name}|${pattern.id}`);
        if (outcome.verdict === 'passes' && !knownGap) expect(orderTheKeyBuilderRejects(table, pattern, outcome), slide.id).toBeUndefined();
      }
    });
  }
});

/**
 * When a pattern expects its result ordered by a field of its entity's sort-key
 * template: the first returned item the key builder's intended order puts
 * after the next one (by what the field's values mean over all the entity's
 * samples), or undefined.
 */
function orderTheKeyBuilderRejects(table: TableDesign, pattern: TableDesign['accessPatterns'][number], outcome: PatternRunOutcome): string | undefined {
  const orderBy = pattern.expected.orderBy;
  const entity = table.entities.find((candidate) => candidate.name === pattern.entities[0]);
  const sort = keySchemaOf(table, pattern.index)?.sort;
  if (!orderBy || !entity || sort?.length !== 1 || !sort[0]) return undefined;
  const text = entity.keys[sort[0].name];
  const compiled = text === undefined ? undefined : compileTemplateText(text, keyRoleOf(table, sort[0].name));
  const segment = compiled?.ok ? compiled.value.fields.find((candidate) => candidate.name === orderBy.field) : undefined;
  if (!compiled?.ok || !segment) return undefined;
  // The value itself is judged: int(W,desc) stores it reversed, but the field still means the same number.
  const field = segment.format.kind === 'int' ? { ...segment, format: { ...segment.format, descending: false } } : segment;
  const values = outcome.items
    .filter((entry) => entry.entity === entity.name)
    .map((entry) => {
      const stored = entry.item[sort[0]?.name ?? ''];
      const text = stored && 'S' in stored ? stored.S : stored && 'N' in stored ? stored.N : undefined;
      const decoded = text === undefined ? undefined : compiled.value.decode(text);
      return decoded?.ok ? decoded.value[field.name] : undefined;
    });
  if (values.some((value) => value === undefined)) return undefined;
  const judged = judgeTemplateFields(
    [field],
    entity.samples.map((sample) => sample.values),
    sort[0].type,
  );
  const ranking = rankByIntendedOrder([field], values as string[], (value) => ({ [field.name]: value }), orderBy.direction, judged);
  const ranks = (values as string[]).map((value) => ranking.positionOf.get(value) as number);
  const at = ranks.findIndex((rank, index) => index > 0 && rank < (ranks[index - 1] as number));
  return at < 0 ? undefined : `${values[at - 1]} is returned before ${values[at]}`;
}
