import check from './check';
import diff from './diff';
import endpoint from './endpoint';
import format from './format';
import type { KeylabCommand } from './command.types';

export type { KeylabCommand } from './command.types';

/** Every `keylab` subcommand, in the order `keylab --help` lists them. */
export const COMMANDS: readonly KeylabCommand[] = [check, diff, format, endpoint];
