/**
 * Imports result files from disk through the service, with the same checks for every way a file arrives (File >
 * Import…, the command line, the file manager, a second instance): the API's size limit before reading, then the
 * service's validation (UTF-8, schema, migration, id clashes).
 */
import path from 'node:path';

import { FileReadError, readRegularFile } from '../core/files/regular-file';
import type { ServiceApi } from '../core/service/service';
import { MAX_RESULT_FILE_BYTES } from '../contract';
import type { ImportedFile, MainRefusal } from './import-types';
import { SHELL_EN } from '../model/words/en/shell';

/** Main's own refusal of a file, thrown while it checks the file. */
class RefusedError extends Error {
  constructor(readonly refusal: MainRefusal) {
    super(refusal);
  }
}

/** `message` as it names `name` first: the host's own, or with "<name>: " in front. */
function named(name: string, message: string): string {
  return message.startsWith(`${name}: `) ? message : `${name}: ${message}`;
}

/** Imports `files` one by one; never throws (each file's problem is in its message). */
export async function importResultFiles(
  service: Pick<ServiceApi, 'importResult'>,
  files: readonly string[],
): Promise<ImportedFile[]> {
  const out: ImportedFile[] = [];
  for (const file of files) {
    const name = path.basename(file);
    try {
      // A regular file only (a device or FIFO is refused), and never more than the limit plus one byte read.
      const bytes = await readRegularFile(file, MAX_RESULT_FILE_BYTES).catch((error: unknown) => {
        if (error instanceof FileReadError && error.problem !== 'IO' && error.problem !== 'NO_PERMISSION') {
          const refusal = ({ NOT_FOUND: 'missing', NOT_A_FILE: 'notAFile', TOO_LARGE: 'tooLarge' } as const)[
            error.problem
          ];
          throw new RefusedError(refusal);
        }
        throw error;
      });
      const r = await service.importResult({ fileName: name, bytes });
      // The host's messages name the file already ("x.json: imported as …"); a prefix is added only where not.
      out.push(
        r.ok
          ? {
              file,
              ok: true,
              message: r.value.importOutcome?.message ?? `${name}: imported as “${r.value.name}”.`,
              resultId: r.value.id,
              ...(r.value.importOutcome?.text ? { text: r.value.importOutcome.text } : {}),
            }
          : {
              file,
              ok: false,
              message: named(name, r.message),
              resultId: null,
              // A coded refusal names the file itself ("x.json: …"), so its text words the whole line.
              ...(r.text && r.message.startsWith(`${name}: `) ? { text: r.text } : {}),
            },
      );
    } catch (err) {
      const missing = (err as NodeJS.ErrnoException).code === 'ENOENT';
      const refusal = err instanceof RefusedError ? err.refusal : missing ? 'missing' : null;
      out.push({
        file,
        ok: false,
        message: refusal ? SHELL_EN.refused(name, refusal) : `${name}: ${(err as Error).message}`,
        resultId: null,
        ...(refusal ? { refusal } : {}),
      });
    }
  }
  return out;
}
