/**
 * A result named by its id instead of its file: the id `compare` prints in its run table (and the app shows), of a
 * result in the results library (`--results DIR`, default the app's user folder) or of a reference dataset shipped in
 * resources/reference. The product writes a result's `id` among its first fields, so a file is known by its first
 * bytes; the reader then checks the whole file as for any path.
 */
import { open, readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** How much of a file is looked at for its id (format, version and id come first). */
const HEAD_BYTES = 4096;

/** Whether the first bytes of `file` give `"id": <id>`. */
async function hasId(file: string, id: string): Promise<boolean> {
  const handle = await open(file, 'r').catch(() => null);
  if (!handle) return false;
  try {
    const { buffer, bytesRead } = await handle.read(Buffer.alloc(HEAD_BYTES), 0, HEAD_BYTES, 0);
    const head = buffer.subarray(0, bytesRead).toString('utf8');
    return (
      head.includes('"syncbench-result"') &&
      new RegExp(`"id"\\s*:\\s*${escape(JSON.stringify(id))}`).test(head)
    );
  } finally {
    await handle.close();
  }
}

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** Whether `arg` can be an id at all: no folder part and no `.json` ending (those are paths). */
function mayBeId(arg: string): boolean {
  return (
    arg.length >= 8 && !arg.includes('/') && !arg.includes(path.sep) && !arg.toLowerCase().endsWith('.json')
  );
}

/**
 * The file of the result with id `arg` in `dirs` (in order; each folder's `<id>.json` first, then its other
 * `.json` files by their first bytes), or null when `arg` is a path, an existing file, or no result has that id.
 */
export async function resultFileForId(arg: string, dirs: readonly string[]): Promise<string | null> {
  if (!mayBeId(arg) || (await stat(arg).catch(() => null))) return null;
  for (const dir of dirs) {
    const named = path.join(dir, `${arg}.json`);
    if (await hasId(named, arg)) return named;
    const names = await readdir(dir).catch(() => [] as string[]);
    for (const name of names.filter((n) => n.endsWith('.json')).sort()) {
      const file = path.join(dir, name);
      if (await hasId(file, arg)) return file;
    }
  }
  return null;
}
