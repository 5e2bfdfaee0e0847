/** Entry point of the `syncbench` executable (bundled to dist/cli.js). */
import { main } from './main';

// A closed pipe (e.g. `syncbench modes | head`) ends the program quietly.
process.stdout.on('error', (err: NodeJS.ErrnoException) => {
  if (err.code === 'EPIPE') process.exit(0);
  throw err;
});

main(process.argv.slice(2)).then((code) => {
  process.exitCode = code;
});
