import { DECISION_KIND_LABELS } from '../decisions';
import { REVIEW_RULES } from '../review';
import type {
  AccessPatternSlide,
  ClosingSlide,
  EntityOrderSlide,
  FindingsSlide,
  ItemCollectionSlide,
  NoteGroup,
  NotePoint,
  Slide,
  SpeakerNotes,
  TitleSlide,
} from './slides.types';

/**
 * Speaker notes: what the presenter says over each slide, taken from what
 * the slide is built from — a finding's message (what is wrong), its rule's
 * reason (why it matters) and its suggestion (how to fix it); an access
 * pattern's description, request and verdict; an order's counts. Pure: the
 * presenter view shows them beside the slide, the room never sees them.
 *
 * Contract: every slide gets at least one group; texts are the slide's own
 * (no new claims), so the notes never disagree with the slide.
 *
 * @example
 * speakerNotes(findingsSlide)[0]?.points.map((point) => point.label)
 * // ["What is wrong", "Why it matters", "How to fix it"]
 */
export function speakerNotes(slide: Slide): SpeakerNotes {
  switch (slide.kind) {
    case 'title':
      return titleNotes(slide);
    case 'entityOrder':
      return entityOrderNotes(slide);
    case 'itemCollection':
      return itemCollectionNotes(slide);
    case 'accessPattern':
      return accessPatternNotes(slide);
    case 'findings':
      return findingsNotes(slide);
    case 'closing':
      return closingNotes(slide);
  }
}

const plural = (count: number, word: string, words = `${word}s`) => `${count} ${count === 1 ? word : words}`;
const point = (label: string, text: string, as: NotePoint['as'] = 'message'): NotePoint => ({ label, text, as });

function titleNotes(slide: TitleSlide): SpeakerNotes {
  const entities = slide.tables.reduce((sum, table) => sum + table.entityCount, 0);
  const patterns = slide.tables.reduce((sum, table) => sum + table.accessPatternCount, 0);
  const points: NotePoint[] = [];
  if (slide.description.trim() !== '') points.push(point('What it is for', slide.description, 'text'));
  points.push(
    point('Scope', `${plural(slide.tables.length, 'table')}, ${plural(entities, 'entity', 'entities')} and ${plural(patterns, 'access pattern')} to review.`),
  );
  for (const table of slide.tables) points.push(point(table.name, [table.keySchema, ...table.indexes].join('; '), 'code'));
  return [{ points }];
}

function outOfPlace(count: number, total: number): string {
  return count === 0 ? `all ${plural(total, 'row')} in their intended place` : `${count} of ${plural(total, 'row')} out of their intended place`;
}

function entityOrderNotes(slide: EntityOrderSlide): SpeakerNotes {
  const total = slide.naive.rows.length + slide.naive.moreCount;
  const points: NotePoint[] = [
    point('Template', slide.template, 'code'),
    point('As typed', `Values as typed: ${outOfPlace(slide.naiveOutOfPlace, total)}.`),
    point('Encoded', `Encoded by the template: ${outOfPlace(slide.encodedOutOfPlace, total)}.`),
    point(
      'Point at',
      'The marked character: the first byte where a key differs from the one above, which decides their order (DynamoDB compares UTF-8 bytes).',
    ),
  ];
  if (slide.direction === 'descending')
    points.push(point('Read', 'Descending (`ScanIndexForward = false`), as its access pattern reads it: the lists run from the highest key.'));
  if (slide.excludedCount > 0)
    points.push(point('Left out', `${plural(slide.excludedCount, 'sample')} left out: values that don’t encode, or a key that repeats another.`));
  return [{ points }];
}

function itemCollectionNotes(slide: ItemCollectionSlide): SpeakerNotes {
  const points: NotePoint[] = [point('Partition', slide.partition.map((part) => `${part.attribute} = ${part.text}`).join(' · '), 'code')];
  if (slide.judgedCount > 0) {
    points.push(
      point(
        'Verdict',
        slide.intendedOutOfPlaceCount === 0
          ? 'Every entity’s items are in their intended order.'
          : `${slide.intendedOutOfPlaceCount} of ${plural(slide.itemCount, 'item')} out of their intended order.`,
      ),
    );
  }
  points.push(
    point(
      'Naive keys',
      slide.outOfPlaceCount === 0
        ? 'The values as typed would give the same order.'
        : `The values as typed would put ${plural(slide.outOfPlaceCount, 'item')} elsewhere.`,
    ),
  );
  if (slide.partitionCount > 1) points.push(point('Shown', `The largest of ${plural(slide.partitionCount, 'partition')}.`));
  return [{ points }];
}

function accessPatternNotes(slide: AccessPatternSlide): SpeakerNotes {
  const points: NotePoint[] = [];
  if (slide.description.trim() !== '') points.push(point('What it reads', slide.description, 'text'));
  if (slide.request) points.push(point('Key condition', slide.request.keyConditionExpression, 'code'));
  for (const problem of slide.problems) points.push(point('Not a Query', problem));
  if (!slide.result) points.push(point('Verdict', 'Not run yet: the verdict shows once the patterns have run over the samples.'));
  else if (slide.result.verdict === 'passes') points.push(point('Verdict', `Passes: ${plural(slide.result.itemCount, 'item')} returned.`));
  else {
    points.push(point('Verdict', `Fails (${plural(slide.result.itemCount, 'item')} returned).`));
    for (const reason of slide.result.reasons) points.push(point('Why it fails', reason));
  }
  return [{ points }];
}

function findingsNotes(slide: FindingsSlide): SpeakerNotes {
  if (slide.total === 0) return [{ points: [point('Verdict', 'The review flags nothing in this design.')] }];
  return slide.findings.map((finding): NoteGroup => {
    const rule = REVIEW_RULES.find((entry) => entry.code === finding.code);
    const points: NotePoint[] = [point('What is wrong', finding.message)];
    if (rule) points.push(point('Why it matters', rule.why));
    points.push(point('How to fix it', finding.suggestion));
    if (finding.decision) {
      points.push(point(DECISION_KIND_LABELS[finding.decision.kind], finding.decision.comment, 'text'));
      if (finding.decision.decidedBy !== '') points.push(point('Decided by', finding.decision.decidedBy, 'text'));
    }
    return { heading: `${finding.severity}: ${rule?.title ?? finding.code}${finding.subject ? ` — ${finding.subject}` : ''}`, points };
  });
}

/** Who decided and when, as far as the record says (an older file's acceptance has neither). */
const whoAndWhen = (who: string, when: string) => [who, when].filter((part) => part !== '').join(', ');

function closingNotes(slide: ClosingSlide): SpeakerNotes {
  const groups: NoteGroup[] = slide.decisions.map((decision): NoteGroup => {
    const points: NotePoint[] = [point(DECISION_KIND_LABELS[decision.kind], decision.comment === '' ? '(no comment recorded)' : decision.comment, 'text')];
    const by = whoAndWhen(decision.decidedBy, decision.decidedAt);
    if (by !== '') points.push(point('Decided by', by, 'text'));
    if (!decision.finding) points.push(point('Now', 'The design no longer raises this finding.'));
    return { heading: decision.finding ? `${decision.finding.severity}: ${decision.code} — ${decision.finding.subject}` : decision.code, points };
  });
  if (slide.page === 1) {
    const points: NotePoint[] = slide.signOffs.map((entry) =>
      point(
        entry.reviewer,
        `Signed off revision ${entry.revision} on ${entry.signedAt}: ${entry.current ? 'current, nothing it covers changed since.' : 'out of date, the design changed since.'}`,
      ),
    );
    if (points.length === 0) points.push(point('Sign-off', `No reviewer has signed off yet (revision ${slide.revision}).`));
    if (slide.undecidedCount > 0) points.push(point('Still open', `${plural(slide.undecidedCount, 'finding')} without a decision.`));
    groups.push({ heading: `Sign-off · revision ${slide.revision}`, points });
  }
  return groups;
}
