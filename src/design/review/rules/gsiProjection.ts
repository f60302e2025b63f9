import { isEntityInIndex, keyAttributesOf } from '../../designKeys';
import type { AccessPatternDesign, Design, IndexDesign, ProjectionDesign, TableDesign } from '../../design.types';
import type { ReviewContext } from '../reviewContext';
import type { ReviewEvidence, ReviewFinding, ReviewRule } from '../review.types';
import { formatCount, patternsOn, projectedItemBytes, sampleSizes } from './capacityEstimates';

/**
 * A GSI that projects ALL attributes while every access pattern that reads
 * it names the few attributes it needs: the index stores (and every write
 * of the table copies into it) whole items the patterns never read. INCLUDE
 * with those attributes (KEYS_ONLY when they need none) keeps the index
 * small. Attributes a pattern's filter reads count as read (a filter on an
 * attribute the index doesn't hold matches nothing). A pattern with an empty
 * projection reads every attribute, and then ALL is right.
 */

/** DynamoDB's limit on INCLUDE attributes, summed over all of a table's indexes. */
const MAX_PROJECTED_ATTRIBUTES = 100;
const NAMES_SHOWN = 8;

export const gsiProjection: ReviewRule = {
  code: 'review.gsiProjection',
  severity: 'note',
  title: 'A GSI that projects more than its patterns read',
  why: 'A GSI with an ALL projection stores a full copy of every item and is written whenever any attribute changes: when its access patterns read a few attributes, INCLUDE (or KEYS_ONLY) stores and writes far less.',
  check(context) {
    return context.design.tables.flatMap((table) =>
      table.indexes.filter((index) => index.kind === 'GSI' && index.projection.type === 'ALL').flatMap((index) => checkIndex(context, table, index) ?? []),
    );
  },
};

function checkIndex(context: ReviewContext, table: TableDesign, index: IndexDesign): ReviewFinding | undefined {
  const patterns = patternsOn(table, index.name);
  if (patterns.length === 0 || patterns.some((pattern) => pattern.projection.length === 0)) return undefined;
  const keys = new Set(keyAttributesOf(table).map((attribute) => attribute.name));
  const reviews = context.entitiesOf(table).filter((review) => isEntityInIndex(table, review.entity, index.name));
  const known = new Set<string>();
  for (const review of reviews) {
    review.entity.attributes.forEach((attribute) => known.add(attribute.name));
    for (const sample of review.entity.samples) for (const name of Object.keys(sample.attributes ?? {})) known.add(name);
  }
  const read = readAttributes(patterns, known);
  const used = [...read].filter((name) => !keys.has(name));
  const unused = [...known].filter((name) => !keys.has(name) && !read.has(name));
  // Worth it when the patterns leave out at least as many attributes as they read.
  if (unused.length === 0 || unused.length < used.length) return undefined;

  const projection: ProjectionDesign = used.length === 0 ? { type: 'KEYS_ONLY', attributes: [] } : { type: 'INCLUDE', attributes: used };
  const elsewhere = table.indexes
    .filter((other) => other !== index && other.projection.type === 'INCLUDE')
    .reduce((sum, other) => sum + other.projection.attributes.length, 0);
  const fixable = elsewhere + projection.attributes.length <= MAX_PROJECTED_ATTRIBUTES;
  const sizes = sampleBytes(reviews, { ...index, projection });
  const usedText = used.length === 0 ? 'only key attributes' : `only ${list(used)}`;
  const evidence: ReviewEvidence[] = [
    {
      label: `read by ${patterns.length === 1 ? 'its pattern' : `its ${patterns.length} patterns`}`,
      text: used.length === 0 ? '(key attributes only)' : list(used),
    },
    { label: 'never read there', text: list(unused) },
    ...(sizes
      ? [
          {
            label: 'mean sample item in the index',
            text: `${formatCount(sizes.full)} bytes with ALL, ${formatCount(sizes.projected)} bytes with ${projection.type}`,
          },
        ]
      : []),
  ];
  return context.finding(
    'review.gsiProjection',
    'note',
    { table: table.name, index: index.name },
    {
      message: `${index.name} projects ALL attributes, but ${patterns.map((pattern) => `"${pattern.name}"`).join(', ')} read${patterns.length === 1 ? 's' : ''} ${usedText} of the ${formatCount(used.length + unused.length)} attributes its items carry${sizes ? ` (${formatCount(sizes.full)} → ${formatCount(sizes.projected)} bytes per sample item)` : ''}: the index stores and writes whole items it never returns.`,
      evidence,
      suggestion: `Project ${projection.type === 'KEYS_ONLY' ? 'KEYS_ONLY' : `INCLUDE ${list(used)}`} on ${index.name}; a pattern that later needs more attributes can fetch the item from the table (GetItem) or the projection can be widened (which rebuilds the index).${fixable ? '' : ` (The table's indexes would then project more than ${MAX_PROJECTED_ATTRIBUTES} attributes: trim another index first.)`}`,
      ...(fixable
        ? {
            fix: {
              label: `Project ${projection.type === 'KEYS_ONLY' ? 'KEYS_ONLY' : `INCLUDE ${list(used)}`} on ${index.name}`,
              apply: (design: Design) => withProjection(design, table.name, index.name, projection),
            },
          }
        : {}),
    },
  );
}

/** The attributes the patterns read: their projections' top-level names, and the known attributes their filters name. */
function readAttributes(patterns: readonly AccessPatternDesign[], known: ReadonlySet<string>): Set<string> {
  const read = new Set<string>();
  for (const pattern of patterns) {
    for (const path of pattern.projection) read.add(path.split(/[.[]/, 1)[0] ?? path);
    // Names written inline in the filter (placeholders `:v` and `#n` are not names of the design).
    for (const match of (pattern.filter ?? '').matchAll(/(?<![\w:#])[A-Za-z_][\w]*/g)) if (known.has(match[0])) read.add(match[0]);
  }
  return read;
}

function sampleBytes(reviews: ReturnType<ReviewContext['entitiesOf']>, proposed: IndexDesign): { full: number; projected: number } | undefined {
  let full = 0;
  let projected = 0;
  let counted = 0;
  for (const review of reviews) {
    const whole = sampleSizes(review).average;
    const kept = projectedItemBytes(review, proposed);
    if (whole === undefined || kept === undefined) continue;
    const weight = review.entity.samples.length;
    full += whole * weight;
    projected += kept * weight;
    counted += weight;
  }
  return counted > 0 ? { full: Math.round(full / counted), projected: Math.round(projected / counted) } : undefined;
}

function withProjection(design: Design, tableName: string, indexName: string, projection: ProjectionDesign): Design {
  return {
    ...design,
    tables: design.tables.map((table) =>
      table.name !== tableName ? table : { ...table, indexes: table.indexes.map((index) => (index.name === indexName ? { ...index, projection } : index)) },
    ),
  };
}

function list(names: readonly string[]): string {
  return names.length > NAMES_SHOWN ? `${names.slice(0, NAMES_SHOWN).join(', ')} and ${names.length - NAMES_SHOWN} more` : names.join(', ');
}
