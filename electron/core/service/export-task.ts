/**
 * The work of one text export (Markdown, CSV, JSON, the HTML report) from result files' bytes to the export's
 * bytes, as export-worker.ts runs it off the host's event loop (docs/exports.md#exports-run-off-the-event-loop).
 * Pure: no thread, nothing read or written; progress is reported through a callback.
 */
import type { Locale } from '../../contract';
import { compareResults, formatComparison } from '../compare';
import { formatResult } from '../format';
import { reportWords } from '../format/report-locale';
import { withShownLabels } from '../format/shown-labels';
import { buildHtmlReport, type ReportAssets } from '../report';
import { parseResultFile } from '../results/io';
import type { ResultFile } from '../../model/results/schema';
import { readStoredFile, type StoredFile } from '../results/stored-file';

/** The text formats an export job makes (png and svg are drawn by the renderer; pdf is printed by the desktop). */
export type ExportJobFormat = 'md' | 'csv' | 'json' | 'html';

/**
 * How the export's bytes come back: 'text', its UTF-8; 'json-string', the UTF-8 of the export written as a JSON
 * string literal (quotes included), to be spliced into a wire reply without serializing it on the host's thread.
 */
export type ExportEncoding = 'text' | 'json-string';

/**
 * One result file of an export: its bytes, or a stored file the job reads itself (so the host's thread never holds
 * them). `checked`: they are a result file the library has already validated, of this version (ResultsStore
 * storedJson, storedFile), so they are only parsed, not validated again (about a second for 36,000 points).
 */
export type ExportInput = { name: string; checked?: boolean } & (
  { bytes: Uint8Array; file?: undefined } | { file: StoredFile; bytes?: undefined }
);

/** One export: the result files (their UTF-8 JSON bytes; one exports that run, several their comparison). */
export interface ExportJob {
  format: ExportJobFormat;
  locale: Locale;
  inputs: ExportInput[];
  /** The ids of the inputs that are reference datasets shipped with the app (md and html say so). */
  referenceIds: string[];
  /** The report page's script and stylesheet (dist/report, read by the host) for 'html'; null for the others. */
  reportAssets: ReportAssets | null;
  encoding: ExportEncoding;
}

/** Where a job is: reading its inputs (`done` of `total` files), building the text, encoding it. */
export interface ExportProgress {
  stage: 'read' | 'build' | 'encode';
  done: number;
  total: number;
}

/**
 * The bytes of `job`'s export. A JSON export of one run is its input as it is, byte for byte (the stored form);
 * every other input is parsed and validated first.
 * @throws ResultFileError naming the input that is not a valid result file; Error when the report page is missing;
 *   StoredFileChangedError when a stored file is no longer the version that was checked.
 */
export async function runExportJob(
  job: ExportJob,
  onProgress: (progress: ExportProgress) => void = () => undefined,
): Promise<Uint8Array> {
  const total = job.inputs.length;
  let text: string;
  if (job.format === 'json' && total === 1) {
    const bytes = await bytesOf(job.inputs[0]!);
    onProgress({ stage: 'read', done: 1, total });
    if (job.encoding === 'text') return bytes;
    text = Buffer.from(bytes).toString('utf8');
  } else {
    const results: ResultFile[] = [];
    for (const input of job.inputs) {
      onProgress({ stage: 'read', done: results.length, total });
      const bytes = await bytesOf(input);
      results.push(
        input.checked
          ? (JSON.parse(Buffer.from(bytes).toString('utf8')) as ResultFile)
          : parseResultFile(bytes, input.name),
      );
    }
    onProgress({ stage: 'build', done: 0, total: 1 });
    text = await buildText(job, results);
  }
  onProgress({ stage: 'encode', done: 0, total: 1 });
  return Buffer.from(job.encoding === 'json-string' ? JSON.stringify(text) : text, 'utf8');
}

/** An input's bytes: as given, or read from its stored file. @throws StoredFileChangedError (stored-file.ts). */
function bytesOf(input: ExportInput): Promise<Uint8Array> | Uint8Array {
  return input.file ? readStoredFile(input.file) : input.bytes;
}

async function buildText(job: ExportJob, results: ResultFile[]): Promise<string> {
  const referenceIds = new Set(job.referenceIds);
  if (job.format === 'html') {
    if (!job.reportAssets) throw new Error('The HTML report needs the report page (reportAssets).');
    return buildHtmlReport(results, job.reportAssets, { words: reportWords(job.locale), referenceIds });
  }
  if (results.length === 1) {
    return formatResult(results[0]!, job.format, { locale: job.locale, referenceIds });
  }
  // Markdown words the labels in the report's language; CSV and JSON are data, as recorded.
  const shown = job.format === 'md' ? results.map((r) => withShownLabels(r, job.locale)) : results;
  return formatComparison(compareResults(shown), job.format, reportWords(job.locale), referenceIds);
}
