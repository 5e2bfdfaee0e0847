/**
 * Builds an export for the renderer to download (browser shell) or for main to save (desktop): one id exports that
 * run, several export their comparison; 'png' and 'svg' hand back the chart image the renderer drew, checked. PDF
 * is made by the desktop shell from the HTML report. With an ExportRunner the text formats are made off the host's
 * event loop from the library's stored bytes (export-pool.ts; docs/exports.md#exports-run-off-the-event-loop).
 */
import type { ExportFormat, ExportOutcome, ExportRequest, Result } from '../../contract';
import { formatJson } from '../format/json';
import { loadReportAssets } from '../report/assets';
import type { ResultFile } from '../../model/results/schema';
import { STORED_FILE_CHANGED } from '../results/stored-file';
import { chartImage } from './chart-image';
import { ExportCancelledError, type ExportRunOptions } from './export-pool';
import type { ExportEncoding, ExportInput, ExportJob, ExportJobFormat } from './export-task';
import { fail, ok, toFailure } from './failure';
import type { ExportRunner, ResultFormatter, ResultsStore } from './ports';

/**
 * Where the bytes of a delivered export are (not part of the contract, never cloned: a symbol key): with `deliver`
 * 'bytes' the export's UTF-8, with 'wire' the UTF-8 of `content` written as a JSON string (quotes included).
 */
export const EXPORT_BYTES = Symbol('syncbench.exportBytes');

/** An export outcome that may carry its bytes (see ExportDelivery). */
export type DeliveredExport = ExportOutcome & { [EXPORT_BYTES]?: Uint8Array };

/**
 * How an export is handed back: 'text' (default) as the contract says, `content` the text; 'bytes' and 'wire' with
 * `content: null` and the bytes under EXPORT_BYTES (see there), so a shell that writes or sends them never turns a
 * large export into a string, or a string into JSON, on its own thread. `signal` cancels, `onProgress` follows it,
 * `memory` is the budget the export thread reserves its memory from (export-pool.ts).
 */
export interface ExportDelivery extends Pick<ExportRunOptions, 'signal' | 'onProgress' | 'memory'> {
  deliver?: 'text' | 'bytes' | 'wire';
}

/** MIME type of each export format. */
export const EXPORT_MIME: Record<ExportFormat, string> = {
  csv: 'text/csv',
  json: 'application/json',
  md: 'text/markdown',
  html: 'text/html',
  pdf: 'application/pdf',
  png: 'image/png',
  svg: 'image/svg+xml',
};

/** A file name for an export: the run's name (or "comparison-of-N-runs"), made safe, with the extension. */
export function exportFileName(results: readonly Pick<ResultFile, 'name'>[], format: ExportFormat): string {
  const stem = results.length === 1 ? results[0]!.name : `comparison-of-${results.length}-runs`;
  const safe = stem
    .normalize('NFKD')
    .replace(/[^\w.-]+/g, '-')
    .replace(/^[-.]+|[-.]+$/g, '')
    .slice(0, 100);
  return `${safe || 'result'}.${format}`;
}

/**
 * The export of `req` (`savedPath: null`): text (`base64: false`), or for 'png' the image's base64. Markdown and
 * the HTML report are written in `req.locale` (default English); CSV and JSON are data, always English.
 * Fails with NOT_FOUND for an unknown id, INVALID (field `format`) for PDF (desktop only) and for formats whose
 * builder is not part of this build (the HTML report, comparisons), INVALID (field `charts`) for a malformed image.
 */
export async function buildExport(
  req: ExportRequest,
  library: ResultsStore,
  formatter: ResultFormatter,
  runner?: ExportRunner,
  delivery: ExportDelivery = {},
): Promise<Result<DeliveredExport>> {
  const { format } = req;
  if (format === 'png' || format === 'svg') return delivered(imageExport(req, format), delivery);
  if (format === 'pdf') {
    return unavailable(
      'PDF export needs the desktop app (it prints the HTML report); export HTML and print it.',
    );
  }
  const html = format === 'html';
  if (runner && (!html || runner.reportDir !== null)) {
    return exportOffThread({ ...req, format }, library, runner, delivery);
  }
  const here = await exportHere(req, format, library, formatter);
  if (delivery.signal?.aborted) return toFailure(new ExportCancelledError());
  return delivered(here, delivery);
}

/** The export made on this thread by `formatter` (the service without an ExportRunner: tests, doubles). */
async function exportHere(
  req: ExportRequest,
  format: ExportJobFormat,
  library: ResultsStore,
  formatter: ResultFormatter,
): Promise<Result<ExportOutcome>> {
  const locale = req.locale ?? 'en';
  let results: ResultFile[];
  let referenceIds: Set<string>;
  try {
    results = await Promise.all(req.ids.map((id) => library.get(id)));
    referenceIds = new Set((await library.list()).filter((s) => s.reference).map((s) => s.id));
  } catch (err) {
    return toFailure(err);
  }
  try {
    let content: string;
    if (format === 'html') {
      if (!formatter.htmlReport) return unavailable('The HTML report is not available in this build yet.');
      content = await formatter.htmlReport(results, locale, referenceIds);
    } else if (results.length === 1) {
      content = await formatter.formatResult(results[0]!, format, locale, referenceIds);
    } else {
      if (!formatter.formatComparison) return unavailable('Comparisons are not available in this build yet.');
      content = await formatter.formatComparison(results, format, locale, referenceIds);
    }
    return ok({
      fileName: exportFileName(results, format),
      savedPath: null,
      mime: EXPORT_MIME[format],
      content,
      base64: false,
    });
  } catch (err) {
    return toFailure(err);
  }
}

/** The one chart image of an image export, checked (the schema made sure there is exactly one). */
function imageExport(req: ExportRequest, format: 'png' | 'svg'): Result<ExportOutcome> {
  const [name, data] = Object.entries(req.charts ?? {})[0] ?? ['chart', ''];
  const image = chartImage(format, data);
  if ('refused' in image)
    return fail('INVALID', `Invalid chart image: ${image.refused}.`, { charts: image.refused });
  return ok({ fileName: exportFileName([{ name }], format), savedPath: null, ...image });
}

/** `outcome` as `delivery` asks (its text as bytes for 'bytes' and 'wire'). */
function delivered(outcome: Result<ExportOutcome>, delivery: ExportDelivery): Result<DeliveredExport> {
  const deliver = delivery.deliver ?? 'text';
  if (!outcome.ok || deliver === 'text' || outcome.value.content === null) return outcome;
  // A PNG's base64 stays as it is for 'bytes': the shell decodes it (main/export.ts save).
  if (deliver === 'bytes' && outcome.value.base64) return outcome;
  const { content } = outcome.value;
  const bytes = Buffer.from(deliver === 'wire' ? JSON.stringify(content) : content, 'utf8');
  return ok({ ...outcome.value, content: null, [EXPORT_BYTES]: bytes });
}

/**
 * A text export made by `runner` in a worker thread from each result's stored bytes (the library's file as it is;
 * compact JSON of the result for a file of an older version, which the library migrates on `get`).
 */
async function exportOffThread(
  req: ExportRequest & { format: ExportJobFormat },
  library: ResultsStore,
  runner: ExportRunner,
  delivery: ExportDelivery,
): Promise<Result<DeliveredExport>> {
  const deliver = delivery.deliver ?? 'text';
  try {
    const summaries = new Map((await library.list()).map((s) => [s.id, s]));
    const nameOf = (id: string) => summaries.get(id)?.name ?? id;
    const encoding: ExportEncoding = deliver === 'wire' ? 'json-string' : 'text';
    const reportAssets =
      req.format === 'html' && runner.reportDir !== null ? await loadReportAssets(runner.reportDir) : null;
    const locale = req.locale ?? 'en';
    const referenceIds = req.ids.filter((id) => summaries.get(id)?.reference === true);
    const job = (inputs: ExportInput[]): ExportJob => ({
      format: req.format,
      locale,
      inputs,
      referenceIds,
      reportAssets,
      encoding,
    });
    const options = { signal: delivery.signal, onProgress: delivery.onProgress, memory: delivery.memory };
    const bytes = await runner
      .run(job(await storedInputs(req.ids, nameOf, library)), options)
      .catch(async (error: unknown) => {
        // A stored file changed after it was checked: read through the library, once.
        if ((error as { code?: unknown }).code !== STORED_FILE_CHANGED) throw error;
        return runner.run(job(await readInputs(req.ids, nameOf, library)), options);
      });
    const names = req.ids.map((id) => ({ name: nameOf(id) }));
    const outcome = {
      fileName: exportFileName(names, req.format),
      savedPath: null,
      mime: EXPORT_MIME[req.format],
      base64: false,
    };
    if (deliver === 'text') return ok({ ...outcome, content: Buffer.from(bytes).toString('utf8') });
    return ok({ ...outcome, content: null, [EXPORT_BYTES]: bytes });
  } catch (err) {
    return toFailure(err);
  }
}

/**
 * The inputs of an export as stored files the worker thread reads itself (library storedFile), so the host's thread
 * never holds them; where a result has none (an older version, a store without it), as readInputs makes them.
 */
async function storedInputs(
  ids: readonly string[],
  nameOf: (id: string) => string,
  library: ResultsStore,
): Promise<ExportInput[]> {
  const inputs: ExportInput[] = [];
  for (const id of ids) {
    const file = (await library.storedFile?.(id)) ?? null;
    if (file) inputs.push({ name: nameOf(id), file, checked: true });
    else inputs.push(...(await readInputs([id], nameOf, library)));
  }
  return inputs;
}

/** The inputs of an export as bytes: the stored file's own (storedJson), else compact JSON of the result. */
async function readInputs(
  ids: readonly string[],
  nameOf: (id: string) => string,
  library: ResultsStore,
): Promise<ExportInput[]> {
  const inputs: ExportInput[] = [];
  for (const id of ids) {
    const stored = (await library.storedJson?.(id)) ?? null;
    const bytes = stored ?? Buffer.from(formatJson(await library.get(id)), 'utf8');
    inputs.push({ name: nameOf(id), bytes, checked: stored !== null });
  }
  return inputs;
}

function unavailable(message: string) {
  return fail('INVALID', message, { format: message });
}
