/**
 * Entry point of the `syncbench` executable (bundled to dist/cli.js): the CLI, with `syncbench serve` starting the
 * browser shell. The one place that puts two shells together, so that neither imports the other.
 */
import { main } from '../cli/main';
import { serveCommand } from '../serve/command';

// A closed pipe (e.g. `syncbench modes | head`) ends the program quietly.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

main(process.argv.slice(2), { serve: serveCommand }).then((code) => {
  process.exitCode = code;
});
