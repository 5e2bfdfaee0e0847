/**
 * The browser shell's import of a result file's bytes (`POST` to the contract's IMPORT_PATH; the host side is
 * electron/serve/import-route.ts): the file goes as it is, not as base64 in a WebSocket frame, so a 46 MB file
 * neither costs the page a base64 encoding nor the host one large frame to receive. Resolves to the contract's
 * Result, never rejects.
 */
import {
  IMPORT_CONTENT_TYPE,
  IMPORT_FILE_NAME_HEADER,
  IMPORT_PATH,
  type Failure,
  type Result,
  type ResultSummary,
} from '../../electron/contract';
import { hostText } from '../../electron/model/words/host-text';

/** The upload address for the API socket at `wsUrl` (`ws://host/api?token=…` → `http://host/api/import?token=…`). */
export function importUrlFor(wsUrl: string): string {
  const url = new URL(wsUrl);
  url.protocol = url.protocol === 'wss:' ? 'https:' : 'http:';
  url.pathname = IMPORT_PATH;
  return url.toString();
}

function failure(message: string): Failure {
  return {
    ok: false,
    code: 'INTERNAL',
    ...hostText('transport.importUnreachable', { detail: { en: message } }),
  };
}

/**
 * Sends `bytes` as the file `fileName` to `url` with `fetchFn` (default: the browser's fetch). A reply that is not
 * a Result (a proxy's error page, a dropped connection) becomes an INTERNAL failure that says what came back.
 */
export async function uploadImport(
  url: string,
  fileName: string,
  bytes: Uint8Array,
  fetchFn: typeof fetch = fetch,
): Promise<Result<ResultSummary>> {
  let response: Response;
  try {
    response = await fetchFn(url, {
      method: 'POST',
      headers: {
        'content-type': IMPORT_CONTENT_TYPE,
        [IMPORT_FILE_NAME_HEADER]: encodeURIComponent(fileName),
      },
      body: bytes as BodyInit,
    });
  } catch (error) {
    return failure(error instanceof Error ? error.message : String(error));
  }
  const text = await response.text().catch(() => '');
  try {
    const reply = JSON.parse(text) as Result<ResultSummary>;
    if (typeof reply === 'object' && reply !== null && typeof reply.ok === 'boolean') return reply;
  } catch {
    // not JSON: said below
  }
  return failure(`HTTP ${response.status}${text ? `: ${text.slice(0, 200)}` : ''}`);
}
