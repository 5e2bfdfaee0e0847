/**
 * Entry point of the desktop app (bundled as dist/electron/main.js; `npm start`). With `--syncbench-cli` (the
 * installed `syncbench` launcher) it runs the CLI instead, before any window (electron/main/cli-mode.ts). It puts
 * the desktop shell, the CLI and the browser shell (`syncbench serve`) together, so that none imports another.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { reportBuilder } from '../core/report';
import { startDesktop } from '../main/app';
import { cliArgs } from '../main/cli-mode';
import { runCliInApp } from './cli-in-app';

// The report page's assets sit beside this bundle: dist/electron/main.js -> dist/report (inside app.asar when packaged).
const reportDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'report');

const cli = cliArgs(process.argv);
if (cli) void runCliInApp(cli);
else startDesktop({ htmlReport: reportBuilder(reportDir), reportDir });
