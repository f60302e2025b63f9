/**
 * The `keylab` command (check, diff, format): a thin Node shell over
 * src/check that reads files and globs, asks git for `git:REV:path`, prints
 * the report and sets the exit code.
 */
export { keylabUsage, runKeylab, runMain } from './main';
export { nodeIo, useColor, type CliIo } from './cliIo';
export { COMMANDS, type KeylabCommand } from './commands';
