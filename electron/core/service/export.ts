/**
 * Builds an export for the renderer to download (browser shell) or for main to save (desktop): one id exports that
 * run, several export their comparison; 'png' and 'svg' hand back the chart image the renderer drew, checked. PDF
 * is made by the desktop shell from the HTML report.
 */
import type { ExportFormat, ExportOutcome, ExportRequest, Result } from '../../contract';
import type { ResultFile } from '../results/schema';
import { chartImage } from './chart-image';
import { fail, ok, toFailure } from './failure';
import type { ResultFormatter, ResultsStore } from './ports';

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
): Promise<Result<ExportOutcome>> {
  const { format } = req;
  const locale = req.locale ?? 'en';
  if (format === 'png' || format === 'svg') return imageExport(req, format);
  if (format === 'pdf') {
    return unavailable(
      'PDF export needs the desktop app (it prints the HTML report); export HTML and print it.',
    );
  }
  let results: ResultFile[];
  try {
    results = await Promise.all(req.ids.map((id) => library.get(id)));
  } catch (err) {
    return toFailure(err);
  }
  try {
    let content: string;
    if (format === 'html') {
      if (!formatter.htmlReport) return unavailable('The HTML report is not available in this build yet.');
      content = await formatter.htmlReport(results, locale);
    } else if (results.length === 1) {
      content = await formatter.formatResult(results[0]!, format, locale);
    } else {
      if (!formatter.formatComparison) return unavailable('Comparisons are not available in this build yet.');
      content = await formatter.formatComparison(results, format, locale);
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

function unavailable(message: string) {
  return fail('INVALID', message, { format: message });
}
