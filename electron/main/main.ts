/** Entry point of the desktop app (bundled as dist/electron/main.js; `npm start`). */
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { reportBuilder } from '../core/report';
import { startDesktop } from './app';

// The report page's assets sit beside this bundle: dist/electron/main.js -> dist/report (inside app.asar when packaged).
const reportDir = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'report');

startDesktop({ htmlReport: reportBuilder(reportDir) });
