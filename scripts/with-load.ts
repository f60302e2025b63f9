/**
 * `npm run test:loaded [-- [--busy N] [command …]]`: runs a command (default `npm test`) while N busy
 * processes (default 2: one per core of the CI machine) keep the cores busy, so anyone can check that the
 * suite is steady on a loaded machine. The busy processes are plain Node loops at normal priority; they
 * are stopped (by their own process ids) when the command ends, and the command's exit code is ours.
 *
 *   npm run test:loaded                                  npm test, two cores kept busy
 *   npm run test:loaded -- --busy 4 npx playwright test e2e/itemEditor.spec.ts
 */
import { spawn, type ChildProcess } from 'node:child_process';
import os from 'node:os';
import { formatOptionHelp, parseCommandLine, UsageError, USAGE_EXIT_CODE, type OptionTable, type ParsedCommandLine } from '../src/errors';

/** `npm run test:loaded`'s options: read by the one command-line parser (src/errors) and listed by --help from this table. */
const OPTIONS = {
  busy: {
    type: 'string',
    value: 'N',
    help: 'busy processes to run beside the command, 0 to 64 (default 2: one per core of the CI machine)',
    example: '--busy 4',
  },
  help: { type: 'boolean', short: 'h', help: 'show this help' },
} as const satisfies OptionTable;

const USAGE = 'Usage: npm run test:loaded -- [--busy N] [command [args…]]   (default command: npm test; its own options go after it)';

function fail(message: string): never {
  console.error(`with-load: ${message}\nRun npm run test:loaded -- --help for every option.`);
  process.exit(USAGE_EXIT_CODE);
}

// Options come first; everything from the first other word on is the command, its own options included.
let parsed: ParsedCommandLine<typeof OPTIONS>;
try {
  parsed = parseCommandLine(process.argv.slice(2), OPTIONS, { command: 'npm run test:loaded --', positionals: true, commandFollows: true });
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  fail(error.message);
}
if (parsed.values.help === true) {
  console.log(`${USAGE}\n\n${formatOptionHelp(OPTIONS)}`);
  process.exit(0);
}
const busyText = parsed.values.busy;
const busy = busyText === undefined ? 2 : Number(busyText);
if (!Number.isInteger(busy) || busy < 0 || busy > 64) fail(`--busy must be a whole number from 0 to 64, got "${busyText}"`);
const [command = 'npm', ...args] = parsed.positionals.length > 0 ? parsed.positionals : ['npm', 'test'];

const loadAverage = () =>
  os
    .loadavg()
    .map((load) => load.toFixed(2))
    .join(' ');
const burners: ChildProcess[] = Array.from({ length: busy }, () => spawn(process.execPath, ['-e', 'for (;;) {}'], { stdio: 'ignore' }));
console.log(
  `with-load: ${busy} busy process(es) on ${os.availableParallelism()} core(s) (load average ${loadAverage()}); running: ${[command, ...args].join(' ')}`,
);

const stopBurners = () => {
  for (const burner of burners) if (burner.exitCode === null && burner.signalCode === null) burner.kill('SIGKILL');
};
process.on('exit', stopBurners);

const child = spawn(command, args, { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    child.kill(signal);
  });
}
child.on('error', (error) => {
  console.error(`with-load: could not run ${command}: ${error.message}`);
  stopBurners();
  process.exit(127);
});
child.on('exit', (code, signal) => {
  stopBurners();
  console.log(`with-load: ${[command, ...args].join(' ')} ended (${signal ? `killed by ${signal}` : `exit code ${code}`}; load average ${loadAverage()})`);
  process.exit(code ?? 1);
});
