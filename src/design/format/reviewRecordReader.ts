import { FINDING_DECISION_KINDS, type FindingDecisionDesign, type SignOffDesign } from '../design.types';
import { FINGERPRINT_PATTERN, MAX_DECISION_COMMENT_LENGTH, MAX_DESIGN_DECISIONS, MAX_DESIGN_SIGN_OFFS, MAX_REVIEWER_NAME_LENGTH } from '../decisions/limits';
import type { DocumentReader } from './documentReader';
import { describeJsonType, elementPath, memberPath } from './problemPath';

/**
 * The review record of a design document: its revision, the decisions on
 * findings (and an older file's `acceptedFindings`, read as "accepted"
 * decisions) and the sign-offs, each field checked and each problem at its
 * path.
 */

const DECISION_KEYS = ['id', 'code', 'kind', 'comment', 'decidedBy', 'decidedAt'];
const ACCEPTED_KEYS = ['id', 'code', 'note'];
const SIGN_OFF_KEYS = ['reviewer', 'signedAt', 'revision', 'fingerprint'];
const DECISION_EXAMPLE =
  '{"id": "review.noTiebreaker|…", "code": "review.noTiebreaker", "kind": "wontFix", "comment": "…", "decidedBy": "Ada", "decidedAt": "2026-12-05T09:40:00Z"}';
const SIGN_OFF_EXAMPLE = '{"reviewer": "Ada", "signedAt": "2026-12-05T10:00:00Z", "revision": 3, "fingerprint": "0123456789abcdef"}';
/** An ISO-8601 date-time with its zone: `2026-12-05T09:40:00.000Z`, `2026-12-05T10:40+01:00`. */
const ISO_DATE_TIME = /^(\d{4})-(\d{2})-(\d{2})T([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,9})?)?(?:Z|[+-](?:[01]\d|2[0-3]):[0-5]\d)$/;

/** `revision`: a whole number from 1, or undefined when absent. */
export function readRevision(reader: DocumentReader, raw: Record<string, unknown>): number | undefined {
  const value = raw.revision;
  if (value === undefined) return undefined;
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 1) {
    return reader.error('revision', `must be a whole number of at least 1 (the first saved state is revision 1), not ${describeJsonType(value)}.`);
  }
  return value;
}

/** `decisions`, then any older `acceptedFindings` not decided again, each finding once. */
export function readDecisions(reader: DocumentReader, raw: Record<string, unknown>): FindingDecisionDesign[] {
  const decisions: FindingDecisionDesign[] = [];
  // Optional lists (a design without decisions has none): absent is empty, never a missing field.
  const list = (raw.decisions !== undefined && reader.array(raw, 'decisions', '', `[${DECISION_EXAMPLE}]`)) || [];
  const older =
    (raw.acceptedFindings !== undefined &&
      reader.array(raw, 'acceptedFindings', '', '[{"id": "review.noTiebreaker|…", "code": "review.noTiebreaker", "note": "scores are unique per season"}]')) ||
    [];
  if (list.length + older.length > MAX_DESIGN_DECISIONS) {
    reader.error(
      list.length > 0 ? 'decisions' : 'acceptedFindings',
      `holds ${(list.length + older.length).toLocaleString('en-US')} decisions; a design keeps at most ${MAX_DESIGN_DECISIONS.toLocaleString('en-US')}: remove the decisions on findings that are gone.`,
    );
    return decisions;
  }
  list.forEach((value, i) => {
    const path = elementPath('decisions', i);
    const entry = reader.object(value, path, DECISION_KEYS, DECISION_EXAMPLE);
    if (!entry) return;
    const id = reader.string(entry, 'id', path, { nonEmpty: true });
    const code = reader.string(entry, 'code', path, { nonEmpty: true });
    const kind = reader.choice(entry, 'kind', path, FINDING_DECISION_KINDS);
    const comment = boundedText(reader, entry, 'comment', path, MAX_DECISION_COMMENT_LENGTH, 'a comment');
    const decidedBy = boundedText(reader, entry, 'decidedBy', path, MAX_REVIEWER_NAME_LENGTH, 'a name');
    // Empty only in a decision read from an older file's acceptance (nobody recorded when).
    const decidedAt = reader.string(entry, 'decidedAt', path, { fallback: '' });
    if (decidedAt !== undefined && decidedAt !== '') checkDate(reader, decidedAt, memberPath(path, 'decidedAt'));
    if (id === undefined || code === undefined || kind === undefined || comment === undefined || decidedBy === undefined || decidedAt === undefined) return;
    if (decisions.some((other) => other.id === id)) reader.warn(memberPath(path, 'id'), `"${id}" is decided twice: the first decision is kept.`);
    else decisions.push({ id, code, kind, comment, decidedBy, decidedAt });
  });
  older.forEach((value, i) => {
    const path = elementPath('acceptedFindings', i);
    const entry = reader.object(value, path, ACCEPTED_KEYS, '{"id": "review.noTiebreaker|…", "code": "review.noTiebreaker", "note": "…"}');
    if (!entry) return;
    const id = reader.string(entry, 'id', path, { nonEmpty: true });
    const code = reader.string(entry, 'code', path, { nonEmpty: true });
    const note = boundedText(reader, entry, 'note', path, MAX_DECISION_COMMENT_LENGTH, 'a note');
    if (id === undefined || code === undefined || note === undefined) return;
    if (decisions.some((other) => other.id === id)) reader.warn(memberPath(path, 'id'), `"${id}" is already decided: this older acceptance is dropped.`);
    else decisions.push({ id, code, kind: 'accepted', comment: note, decidedBy: '', decidedAt: '' });
  });
  return decisions;
}

/** `signOffs`: each a reviewer, a date, the revision and the fingerprint it was given for; one per reviewer. */
export function readSignOffs(reader: DocumentReader, raw: Record<string, unknown>): SignOffDesign[] {
  const signOffs: SignOffDesign[] = [];
  const list = (raw.signOffs !== undefined && reader.array(raw, 'signOffs', '', `[${SIGN_OFF_EXAMPLE}]`)) || [];
  if (list.length > MAX_DESIGN_SIGN_OFFS) {
    reader.error('signOffs', `holds ${list.length.toLocaleString('en-US')} sign-offs; a design keeps at most ${MAX_DESIGN_SIGN_OFFS}: keep one per reviewer.`);
    return signOffs;
  }
  list.forEach((value, i) => {
    const path = elementPath('signOffs', i);
    const entry = reader.object(value, path, SIGN_OFF_KEYS, SIGN_OFF_EXAMPLE);
    if (!entry) return;
    let reviewer = boundedText(reader, entry, 'reviewer', path, MAX_REVIEWER_NAME_LENGTH, 'a name', true);
    if (reviewer !== undefined && reviewer.trim() === '')
      reviewer = reader.error(memberPath(path, 'reviewer'), 'is empty: a sign-off says who gave it ("reviewer": "Ada").');
    const signedAt = reader.string(entry, 'signedAt', path);
    const dateOk = signedAt !== undefined && checkDate(reader, signedAt, memberPath(path, 'signedAt'));
    const revision =
      entry.revision === undefined
        ? reader.error(memberPath(path, 'revision'), 'is missing: add the revision the sign-off was given for ("revision": 1).')
        : reader.integer(entry, 'revision', path, 1, 'the revision');
    const fingerprint = reader.string(entry, 'fingerprint', path);
    const fingerprintOk =
      fingerprint !== undefined &&
      (FINGERPRINT_PATTERN.test(fingerprint) ||
        reader.error(
          memberPath(path, 'fingerprint'),
          `${describeJsonType(fingerprint)} is not a design fingerprint: Keylab writes 16 lowercase hex digits ("0123456789abcdef"); sign off again in Keylab rather than editing it.`,
        ) === true);
    if (reviewer === undefined || signedAt === undefined || !dateOk || revision === undefined || fingerprint === undefined || !fingerprintOk) return;
    if (signOffs.some((other) => other.reviewer === reviewer))
      reader.warn(memberPath(path, 'reviewer'), `"${reviewer}" signed off twice: the first sign-off is kept.`);
    else signOffs.push({ reviewer, signedAt, revision, fingerprint });
  });
  return signOffs;
}

/** Text of at most `max` characters (`""` when absent, unless required). */
function boundedText(
  reader: DocumentReader,
  entry: Record<string, unknown>,
  key: string,
  path: string,
  max: number,
  what: string,
  required = false,
): string | undefined {
  const text = reader.string(entry, key, path, required ? {} : { fallback: '' });
  if (text === undefined) return undefined;
  if (text.length > max)
    return reader.error(
      memberPath(path, key),
      `is ${text.length.toLocaleString('en-US')} characters long; ${what} is at most ${max.toLocaleString('en-US')}: shorten it.`,
    );
  return text;
}

/** True when `text` is a real ISO-8601 date-time with its zone; an error at `path` otherwise. */
function checkDate(reader: DocumentReader, text: string, path: string): boolean {
  const match = ISO_DATE_TIME.exec(text);
  const [year, month, day] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [0, 0, 0];
  const calendar = match ? new Date(Date.UTC(year, month - 1, day)) : undefined;
  if (calendar && calendar.getUTCFullYear() === year && calendar.getUTCMonth() === month - 1 && calendar.getUTCDate() === day) return true;
  reader.error(path, `${describeJsonType(text)} is not a date and time: write ISO 8601 with its zone, such as "2026-12-05T09:40:00Z".`);
  return false;
}
