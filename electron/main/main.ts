/** Entry point of the desktop app (bundled as dist/electron/main.js; `npm start`). */
import { startDesktop } from './app';

startDesktop();
