/**
 * Keylab's one command-line parser, for every command: `keylab`, `npm start`,
 * `npm run endpoint`, `import`, `export` and `migrate`. Each command declares
 * its options once, in a table; the parser reads the arguments strictly
 * against it and the `--help` text lists the same table, so no option is left
 * out of the help. A mistake is a {@link UsageError} that names the argument
 * and the fix; commands exit with {@link USAGE_EXIT_CODE} on it.
 *
 * It lives here, under every layer, because the commands live in three places
 * that may not import one another (src/server, src/cli and scripts/): the
 * lowest layer all of them may import. It is pure (no `process`, no
 * `node:util`): arguments in, values or a UsageError out.
 */

/** The exit code of a command invoked wrongly (an unknown option, a missing value): 2, as for `keylab`. */
export const USAGE_EXIT_CODE = 2;

/** A mistake in how a command was invoked; the message says what is wrong and how to fix it. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** One option of a command. */
export interface OptionSpec {
  /** `string` takes a value (`--port 5174` or `--port=5174`); `boolean` takes none. */
  readonly type: 'string' | 'boolean';
  /** A one-letter alias (`h` for `-h`). */
  readonly short?: string;
  /** May be given more than once; the values are kept in order. */
  readonly multiple?: boolean;
  /** The value's placeholder in the help (`N`, `URL`). */
  readonly value?: string;
  /** The help line; more lines after `\n` are indented under it. */
  readonly help?: string;
  /** An example of the option with a value (`--port 5174`), shown when the value is missing. */
  readonly example?: string;
}

export type OptionTable = Readonly<Record<string, OptionSpec>>;

type ValueOf<S extends OptionSpec> = S['type'] extends 'boolean'
  ? S['multiple'] extends true
    ? boolean[]
    : boolean
  : S['multiple'] extends true
    ? string[]
    : string;

/** What the parser gives for a table: each option given, by name. */
export type CommandLineValues<T extends OptionTable> = { -readonly [K in keyof T]?: ValueOf<T[K]> };

export interface ParsedCommandLine<T extends OptionTable> {
  readonly values: CommandLineValues<T>;
  readonly positionals: string[];
}

export interface CommandLineSettings {
  /** How the command is typed, for examples in messages: `npm start --`, `keylab check`. */
  readonly command: string;
  /** Whether plain arguments (files, …) are taken; without, one is a UsageError. */
  readonly positionals?: boolean;
  /**
   * The first plain argument starts a command to run, and it and everything after it (its own
   * options included) are positionals, read no further (`npm run test:loaded -- --busy 4 npx playwright test --grep x`).
   */
  readonly commandFollows?: boolean;
  /**
   * Options that may also be written with one dash, Java-style (`-port 8000`, `-inMemory`), as
   * DynamoDB Local's are. Messages then name the option as it was typed.
   */
  readonly singleDash?: readonly string[];
}

/**
 * Reads `args` against `options`: `--name value`, `--name=value`, `-x value`,
 * `--flag`, `-x`, and `--` before plain arguments that start with `-`.
 * Throws a UsageError for an unknown option (with the nearest known one), a
 * missing value (with an example), a value given to a flag, or a plain
 * argument the command does not take.
 *
 * @example
 * parseCommandLine(['--port=5174', 'x'], { port: { type: 'string' } }, { command: 'npm start --', positionals: true })
 * // { values: { port: '5174' }, positionals: ['x'] }
 * parseCommandLine(['--prot', '1'], { port: { type: 'string' } }, { command: 'npm start --' })
 * // throws UsageError "Unknown option '--prot'. Did you mean --port?"
 */
export function parseCommandLine<T extends OptionTable>(args: readonly string[], options: T, settings: CommandLineSettings): ParsedCommandLine<T> {
  const values: Record<string, unknown> = {};
  const positionals: string[] = [];
  const byShort = new Map<string, string>();
  for (const [name, spec] of Object.entries(options)) if (spec.short !== undefined) byShort.set(spec.short, name);

  const set = (name: string, spec: OptionSpec, value: string | boolean) => {
    if (spec.multiple) values[name] = [...((values[name] as unknown[] | undefined) ?? []), value];
    else values[name] = value;
  };

  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') {
      positionals.push(...args.slice(i + 1));
      break;
    }
    if (!arg.startsWith('-') || arg === '-') {
      if (settings.commandFollows) {
        positionals.push(...args.slice(i));
        break;
      }
      if (!settings.positionals) throw new UsageError(`Unknown argument ${JSON.stringify(arg)}: ${settings.command} takes options only (each starts with --).`);
      positionals.push(arg);
      continue;
    }
    const equals = arg.indexOf('=');
    const written = equals === -1 ? arg : arg.slice(0, equals);
    const inline = equals === -1 ? undefined : arg.slice(equals + 1);
    const oneDash = !written.startsWith('--') && settings.singleDash?.includes(written.slice(1)) === true;
    const name = written.startsWith('--') || oneDash ? written.slice(oneDash ? 1 : 2) : byShort.get(written.slice(1));
    const spec = name !== undefined && Object.hasOwn(options, name) ? options[name] : undefined;
    if (name === undefined || spec === undefined) throw new UsageError(unknownOption(written, options, settings.singleDash));
    // A long name is named as typed (`-dbPath` or `--dbPath`); a short alias with its long name.
    const long = written.startsWith('--') || oneDash;
    const flag = long ? written : `${written} (--${name})`;
    if (spec.type === 'boolean') {
      if (inline !== undefined) throw new UsageError(`${written} takes no value: give it alone, without =${inline}.`);
      set(name, spec, true);
      continue;
    }
    if (inline !== undefined) {
      set(name, spec, inline);
      continue;
    }
    const next = args[i + 1];
    if (next === undefined || (next.startsWith('-') && next !== '-' && !/^-\d/.test(next))) {
      const example = (spec.example ?? `--${name} ${spec.value ?? 'VALUE'}`).replace(/^-{1,2}(\S+)/, (typed, exampleName: string) =>
        long && exampleName === name ? written : typed,
      );
      throw new UsageError(`Missing value after ${flag}, e.g. ${settings.command} ${example}`);
    }
    set(name, spec, next);
    i++;
  }
  return { values: values as CommandLineValues<T>, positionals };
}

/**
 * "Unknown option '--prot'. Did you mean --port?" (the suggestion when one is close), in the
 * spelling typed: "Unknown option '-prot'. Did you mean -port?" when -port is taken.
 */
function unknownOption(written: string, options: OptionTable, singleDash: readonly string[] = []): string {
  const typed = written.replace(/^-+/, '');
  let best: { name: string; distance: number } | undefined;
  for (const name of Object.keys(options)) {
    const distance = editDistance(typed.toLowerCase(), name.toLowerCase());
    if (distance <= Math.max(1, Math.floor(name.length / 3)) && (best === undefined || distance < best.distance)) best = { name, distance };
  }
  const dashes = best !== undefined && !written.startsWith('--') && singleDash.includes(best.name) ? '-' : '--';
  return `Unknown option '${written}'.${best ? ` Did you mean ${dashes}${best.name}?` : ''}`;
}

/** Edits (insert, delete, change, swap two neighbours) between two words: `prot` is one from `port`. */
function editDistance(a: string, b: string): number {
  const rows: number[][] = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  const at = (i: number, j: number) => rows[i]?.[j] ?? 0;
  for (let i = 1; i <= a.length; i++) {
    for (let j = 1; j <= b.length; j++) {
      let best = Math.min(at(i - 1, j) + 1, at(i, j - 1) + 1, at(i - 1, j - 1) + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) best = Math.min(best, at(i - 2, j - 2) + 1);
      (rows[i] as number[])[j] = best;
    }
  }
  return at(a.length, b.length);
}

/**
 * The options part of a `--help` text, from the same table the parser reads:
 * one line per option (`-h, --help`, `--port N`), the help beside it.
 *
 * @example
 * formatOptionHelp({ port: { type: 'string', value: 'N', help: 'TCP port' } })
 * // "  --port N  TCP port"
 */
export function formatOptionHelp(options: OptionTable, minWidth = 0): string {
  const rows = Object.entries(options).map(([name, spec]) => ({
    flag: `${spec.short !== undefined ? `-${spec.short}, ` : ''}--${name}${spec.type === 'string' ? ` ${spec.value ?? 'VALUE'}` : ''}`,
    help: spec.help ?? '',
  }));
  const width = Math.max(minWidth, ...rows.map((row) => row.flag.length));
  return rows
    .map((row) => {
      const [first = '', ...rest] = row.help.split('\n');
      return [`  ${row.flag.padEnd(width)}  ${first}`.trimEnd(), ...rest.map((line) => `  ${' '.repeat(width)}  ${line}`)].join('\n');
    })
    .join('\n');
}
