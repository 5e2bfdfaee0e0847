/**
 * The script inside every HTML report (built to one classic script by vite.report.config.ts, inlined by
 * electron/core/report): reads the embedded ReportData and draws the charts. When done, `<html data-charts="N">`
 * says how many were drawn (tests and the PDF printer can wait for it).
 */
import './report.css';
import { REPORT_DATA_ID, type ReportData } from '../../electron/model/report/data';
import { drawReportCharts } from './draw';

const element = document.getElementById(REPORT_DATA_ID);
if (element?.textContent) {
  const data = JSON.parse(element.textContent) as ReportData;
  document.documentElement.dataset.charts = String(drawReportCharts(document, data));
}
