/**
 * Entry point of the measuring process (bundled as dist/worker.js): loads the native addon here, away from the
 * window and the server, and serves it to the app. A GPU fault, a driver hang or a crash ends only this process;
 * the app's watchdog (worker-backend.ts) restarts it.
 */
import { createAddonBackend } from '../core/native/addon-backend';
import { parentPort } from './host-port';
import { serveBackend } from './serve-backend';

serveBackend(createAddonBackend(), parentPort());
