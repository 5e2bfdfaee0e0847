/**
 * Entry point of the `syncbench` executable (bundled to dist/cli.js): the CLI, with `syncbench serve` starting the
 * browser shell. The one place that puts two shells together, so that neither imports the other.
 */
import { main } from '../cli/main';
import { exitOnStreamErrors } from '../cli/stream-errors';
import { serveCommand } from '../serve/command';

// A closed pipe (e.g. `syncbench modes | head`) ends the program quietly; a full disk behind stdout is exit 7.
exitOnStreamErrors((code) => process.exit(code));

main(process.argv.slice(2), { serve: serveCommand }).then((code) => {
  process.exitCode = code;
});
