/**
 * The design checks behind `keylab check`, `keylab diff` and `keylab format`:
 * read a design file of any format Keylab imports, run the same review rules
 * and access-pattern verdicts as the Design tab (patterns on the built-in
 * engine, in process), and write the reports (text, JSON, SARIF, JUnit,
 * GitHub annotations, Markdown). Pure: no Node API, so the Design tab and the
 * command share it; src/cli reads the files, runs git and sets the exit code.
 */
export { locateSubjects, type FileLocation, type LocatedFile, type LocatedFormat } from './locate';
