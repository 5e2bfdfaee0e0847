/**
 * Export in the desktop shell: the service builds the content (or checks the chart image the renderer
 * drew), main asks where to save it (the renderer never chooses a path) and writes it atomically (a temporary file
 * renamed over the target: electron/core/files/durable-write.ts), so a crash or a full disk never leaves half a file or spoils the one
 * it replaces; PDF is printed from the HTML report. A result file (JSON) is named `*.syncbench.json`, the
 * extension the app is registered to open. A cancelled dialog is not an error: `savedPath: null`, `content: null`.
 */
import path from 'node:path';

import { writeFileDurably, WriteError } from '../core/files/durable-write';

import type { ExportFormat, ExportOutcome, ExportRequest, Locale, Result } from '../contract';
import { EXPORT_BYTES, EXPORT_MIME, type DeliveredExport, type ExportDelivery } from '../core/service/export';
import { fail, ok } from '../core/service/failure';
import { ExportRequestSchema, parse } from '../core/service/validate';
import { RESULT_FILE_EXTENSION } from './open-files';

/** The formats File > Export… offers (chart images are exported from the chart's own buttons). */
const MENU_FORMATS: ExportFormat[] = ['md', 'csv', 'json', 'html', 'pdf'];

export interface DesktopExportDeps {
  /** The service's export; asked for bytes (ExportDelivery 'bytes') except for PDF, which prints the HTML text. */
  service: {
    exportResults(req: ExportRequest, delivery?: ExportDelivery): Promise<Result<DeliveredExport>>;
  };
  /** Asks for a file path; null when the user cancels. `formats` lists the choices, the first is the default. */
  chooseFile(defaultName: string, formats: ExportFormat[]): Promise<string | null>;
  /** Prints HTML to PDF bytes (pdf.ts). */
  htmlToPdf(html: string): Promise<Buffer>;
  /** Default: writeFileDurably (every byte, fsync, rename). */
  writeFile?: (file: string, data: Buffer) => Promise<void>;
}

/** The format a chosen file name asks for (by extension) among `allowed`, or null. */
export function formatOfFile(
  file: string,
  allowed: readonly ExportFormat[] = MENU_FORMATS,
): ExportFormat | null {
  const ext = path.extname(file).slice(1).toLowerCase();
  return allowed.find((f) => f === ext) ?? null;
}

/** The export's text: the requested format, or the HTML report for PDF. */
function build(deps: DesktopExportDeps, req: ExportRequest, format: ExportFormat) {
  const pdf = format === 'pdf';
  return deps.service.exportResults(
    { ...req, format: pdf ? 'html' : format },
    { deliver: pdf ? 'text' : 'bytes' },
  );
}

/** Writes the built content (base64 decoded; printed to PDF for 'pdf') to `file`. */
async function save(
  deps: DesktopExportDeps,
  built: DeliveredExport,
  format: ExportFormat,
  file: string,
): Promise<Result<ExportOutcome>> {
  const content = built.content ?? '';
  const made = built[EXPORT_BYTES];
  try {
    const bytes =
      format === 'pdf'
        ? await deps.htmlToPdf(content)
        : made
          ? Buffer.from(made.buffer, made.byteOffset, made.byteLength)
          : Buffer.from(content, built.base64 ? 'base64' : 'utf8');
    await (deps.writeFile ?? writeFileDurably)(file, bytes);
  } catch (err) {
    // WriteError's message names the file and says why (disk full, permission, read-only) and that nothing changed.
    if (err instanceof WriteError) return fail('IO', err.message);
    return fail('IO', `Could not write ${file}: ${(err as Error).message}`);
  }
  return ok({
    fileName: path.basename(file),
    savedPath: file,
    mime: EXPORT_MIME[format],
    content: null,
    base64: false,
  });
}

/** The file extension an export is saved with (result files get the app's document extension). */
function extensionOf(format: ExportFormat): string {
  return format === 'json' ? RESULT_FILE_EXTENSION.slice(1) : format;
}

function withExtension(fileName: string, format: ExportFormat): string {
  return `${fileName.replace(/(\.syncbench)?\.[^.]+$/i, '')}.${extensionOf(format)}`;
}

function cancelled(fileName: string, format: ExportFormat): Result<ExportOutcome> {
  return ok({ fileName, savedPath: null, mime: EXPORT_MIME[format], content: null, base64: false });
}

/**
 * `exportResults` of the desktop shell: validates the request, builds the export, asks where to save it and writes
 * it. For PDF the HTML report must be available (the service says when it is not).
 */
export async function desktopExport(
  deps: DesktopExportDeps,
  raw: ExportRequest,
): Promise<Result<ExportOutcome>> {
  const p = parse(ExportRequestSchema, raw, 'export request');
  if (!p.ok) return p;
  const { format } = p.value;
  const built = await build(deps, p.value, format);
  if (!built.ok) return built;
  const name = withExtension(built.value.fileName, format);
  const file = await deps.chooseFile(name, [format]);
  return file ? save(deps, built.value, format, file) : cancelled(name, format);
}

/**
 * File > Export… from the menu: exports `ids` in the format the user picks in the save dialog (by the file's
 * extension; Markdown when it has none of the known ones), a report in `locale` (the UI's language).
 */
export async function menuExport(
  deps: DesktopExportDeps,
  ids: string[],
  name: string,
  locale: Locale = 'en',
): Promise<Result<ExportOutcome>> {
  const suggested = withExtension(name, 'md');
  const file = await deps.chooseFile(suggested, MENU_FORMATS);
  if (!file) return cancelled(suggested, 'md');
  const format = formatOfFile(file) ?? 'md';
  const built = await build(deps, { ids, format, locale }, format);
  return built.ok ? save(deps, built.value, format, file) : built;
}
