export { locateSubjects, type FileLocation, type LocatedFile } from './locateSubjects';
