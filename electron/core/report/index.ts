/** The single-file HTML report: build it from results and the built page assets (see html.ts and assets.ts). */
import type { Locale } from '../../contract';
import { reportWords } from '../format/report-locale';
import type { ResultFile } from '../../model/results/schema';
import { loadReportAssets } from './assets';
import { buildHtmlReport } from './html';

export { buildHtmlReport, type HtmlReportOptions } from './html';
export { loadReportAssets, ReportAssetsError, type ReportAssets } from './assets';

/**
 * The report builder the service, the desktop shell and the CLI use: reads the page assets from `assetsDir` (the
 * built dist/report) on every call, so a rebuilt page is picked up, and builds the report of `results` in `locale`
 * (default English); `referenceIds` are the results that are reference datasets shipped with the app.
 * @throws ReportAssetsError when the assets are not built; RangeError for no results.
 */
export function reportBuilder(
  assetsDir: string,
): (results: ResultFile[], locale?: Locale, referenceIds?: ReadonlySet<string>) => Promise<string> {
  return async (results, locale, referenceIds) =>
    buildHtmlReport(results, await loadReportAssets(assetsDir), {
      words: reportWords(locale),
      ...(referenceIds ? { referenceIds } : {}),
    });
}
