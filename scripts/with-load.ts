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

const USAGE = 'usage: tsx scripts/with-load.ts [--busy N] [command [args…]]   (default command: npm test)';

function fail(message: string): never {
  console.error(`with-load: ${message}\n${USAGE}`);
  process.exit(2);
}

// Options come first; everything from the first other word on is the command, its own options included.
const argv = process.argv.slice(2);
let busyText: string | undefined;
while (argv.length > 0) {
  const word = argv[0] as string;
  if (word === '--help' || word === '-h') {
    console.log(USAGE);
    process.exit(0);
  } else if (word === '--busy') {
    busyText = argv[1] ?? fail('--busy needs a number');
    argv.splice(0, 2);
  } else if (word.startsWith('--busy=')) {
    busyText = word.slice('--busy='.length);
    argv.shift();
  } else if (word === '--') {
    argv.shift();
    break;
  } else if (word.startsWith('-')) {
    fail(`unknown option "${word}" (the command's own options go after the command)`);
  } else break;
}
const busy = busyText === undefined ? 2 : Number(busyText);
if (!Number.isInteger(busy) || busy < 0 || busy > 64) fail(`--busy must be a whole number from 0 to 64, got "${busyText}"`);
const [command = 'npm', ...args] = argv.length > 0 ? argv : ['npm', 'test'];

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
