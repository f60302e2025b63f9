export { locateSubjects, type FileLocation, type LocatedFile } from './locateSubjects';
export type { LocatedFormat } from './subjectPaths';
