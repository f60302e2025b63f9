import { locateJsonPaths, parseYamlText, type Design, type DesignFileFormat } from '../../design';
import type { ReviewSubject } from '../../design/review';
import { cloudFormationSubjectPath, keylabSubjectPath, oneTableSubjectPath, workbenchSubjectPath, type SubjectPath } from './subjectPaths';

/**
 * Where a finding or an access pattern is in the design file it was read
 * from, 1-based. `exact` is false when the file has no such thing (a
 * CloudFormation template has no access patterns, a Workbench model no key
 * templates) and the position is the closest thing it has; `pointsAt` says
 * what that is, so a report never passes a stand-in off as the subject.
 */
export interface FileLocation {
  readonly line: number;
  readonly column: number;
  readonly exact: boolean;
  readonly pointsAt: string;
}

/** A design file as it was read: its text, its format, and the design read from it. */
export interface LocatedFile {
  readonly text: string;
  readonly format: DesignFileFormat;
  readonly design: Design;
}

/**
 * The place of each subject in the file (same order; undefined when the
 * file does not hold the subject's table at all). JSON files get the
 * position of the member's key (`"SK": "SCORE#…"` for a template), YAML
 * templates that of the value; one pass over the text for all subjects.
 *
 * @example
 * locateSubjects({ text, format: 'keylab', design }, [{ table: 'Leaderboard', entity: 'Run', keyAttribute: 'rankKey' }])
 * // [{ line: 40, column: 13, exact: true, pointsAt: "the key template of rankKey in entity Run" }]
 */
export function locateSubjects(file: LocatedFile, subjects: readonly ReviewSubject[]): (FileLocation | undefined)[] {
  const yaml = file.format === 'cloudformation' && !/^\s*[{[]/.test(file.text) ? parseYamlText(file.text) : undefined;
  let root: unknown;
  if (yaml) {
    if (!yaml.ok) return subjects.map(() => undefined);
    root = yaml.value;
  } else {
    try {
      root = JSON.parse(file.text) as unknown;
    } catch {
      return subjects.map(() => undefined);
    }
  }
  const paths = subjects.map((subject) => subjectPath(file, root, subject));
  const wanted = paths.flatMap((path) => (path ? [path.path] : []));
  if (yaml?.ok) {
    const placed = yaml.withPositions(wanted.map((path) => ({ path, message: '', severity: 'warning' })));
    const byPath = new Map(placed.map((problem) => [problem.path, problem]));
    return paths.map((path) => {
      const place = path && byPath.get(path.path);
      return path && place?.line !== undefined ? { line: place.line, column: place.column ?? 1, exact: path.exact, pointsAt: path.pointsAt } : undefined;
    });
  }
  const found = locateJsonPaths(file.text, wanted);
  return paths.map((path) => {
    const place = path && found.get(path.path);
    return place ? { ...place, exact: path.exact, pointsAt: path.pointsAt } : undefined;
  });
}

function subjectPath(file: LocatedFile, root: unknown, subject: ReviewSubject): SubjectPath | undefined {
  switch (file.format) {
    case 'keylab':
      return keylabSubjectPath(root, '', file.design, subject);
    case 'workbench':
      return workbenchSubjectPath(root, file.design, subject);
    case 'onetable':
      return oneTableSubjectPath(root, subject);
    case 'cloudformation':
      return cloudFormationSubjectPath(root, file.design, subject);
    case 'electrodb':
      // A JavaScript module is never JSON (locateSubjects returned before this): its findings keep the stand-in place.
      return undefined;
  }
}
