/**
 * The desktop shell's preload (bundled as CommonJS, dist/electron/preload.cjs, for sandboxed renderers): exposes
 * exactly the contract API as `window.syncbench` and nothing else.
 */
import { contextBridge, ipcRenderer } from 'electron';

import { createBridgeApi } from './api';

contextBridge.exposeInMainWorld('syncbench', createBridgeApi(ipcRenderer));
