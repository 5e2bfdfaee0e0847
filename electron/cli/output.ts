/** Where a command's output goes: a file (written atomically) or stdout. */
import writeFileAtomic from 'write-file-atomic';

/** Writes `text` to `out` atomically, or to stdout when `out` is undefined. */
export async function emit(text: string, out: string | undefined): Promise<void> {
  if (out) {
    await writeFileAtomic(out, text.endsWith('\n') ? text : `${text}\n`);
    process.stderr.write(`wrote ${out}\n`);
  } else {
    process.stdout.write(text.endsWith('\n') ? text : `${text}\n`);
  }
}

/** The output format: --format if given, else from --out's extension, else `fallback`. */
export function formatFor<T extends string>(
  given: T | undefined,
  out: string | undefined,
  allowed: readonly T[],
  fallback: T,
): T {
  if (given) return given;
  const ext = out?.split('.').pop()?.toLowerCase();
  const byExt = { md: 'md', markdown: 'md', csv: 'csv', json: 'json', txt: 'table', html: 'html' }[
    ext ?? ''
  ] as T | undefined;
  return byExt && allowed.includes(byExt) ? byExt : fallback;
}
