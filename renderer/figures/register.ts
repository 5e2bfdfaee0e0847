/** Registers, once, the Chart.js pieces the workbench uses (tree-shaken Chart.js needs them named). */
import {
  BarController,
  BarElement,
  CategoryScale,
  Chart,
  Legend,
  LinearScale,
  LineController,
  LineElement,
  LogarithmicScale,
  PointElement,
  SubTitle,
  Title,
  Tooltip,
} from 'chart.js';
import {
  BarWithErrorBar,
  BarWithErrorBarsController,
  LineWithErrorBarsController,
  PointWithErrorBar,
} from 'chartjs-chart-error-bars';
import { legendSharePlugin } from './legend';
import { provenancePlugin } from './footer';
import { backgroundPlugin, FIGURE_FONT, flagLabelPlugin } from './plugins';

let registered = false;

/**
 * Makes the error-bar controllers, scales and the workbench plugins available to `new Chart(...)`, and sets the
 * figures' font family (the app's) for every text Chart.js draws.
 */
export function registerCharts(): void {
  if (registered) return;
  Chart.register(
    LineController,
    BarController,
    LineElement,
    PointElement,
    BarElement,
    CategoryScale,
    LinearScale,
    LogarithmicScale,
    Title,
    SubTitle,
    Tooltip,
    Legend,
    LineWithErrorBarsController,
    BarWithErrorBarsController,
    PointWithErrorBar,
    BarWithErrorBar,
    backgroundPlugin,
    flagLabelPlugin,
    provenancePlugin,
    legendSharePlugin,
  );
  Chart.defaults.font.family = FIGURE_FONT;
  registered = true;
}
