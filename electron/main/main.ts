/**
 * Entry point of the desktop app (bundled as dist/electron/main.js; `npm start`). With `--syncbench-cli` (the
 * installed `syncbench` launcher) it runs the CLI instead, before any window (cli-mode.ts).
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { reportBuilder } from '../core/report';
import { startDesktop } from './app';
import { runCliInApp } from './cli-in-app';
import { cliArgs } from './cli-mode';

// The report page's assets sit beside this bundle: dist/electron/main.js -> dist/report (inside app.asar when packaged).
const reportDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'report');

const cli = cliArgs(process.argv);
if (cli) void runCliInApp(cli);
else startDesktop({ htmlReport: reportBuilder(reportDir) });
