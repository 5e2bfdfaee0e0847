/**
 * Views and navigation (hash history: works from file:// in Electron and behind the browser shell's token URL).
 * A route with `meta.nav` appears in the navigation bar in route order; the Wizard, Lab, Compare and Methods views
 * of later issues join by adding their route here.
 */
import { createRouter, createWebHashHistory, type RouteRecordRaw, type Router } from 'vue-router';
import DeviceView from './views/DeviceView.vue';
import RunView from './views/RunView.vue';
import ResultsView from './views/ResultsView.vue';
import WizardView from './views/WizardView.vue';
import LabView from './views/LabView.vue';
import CompareView from './views/CompareView.vue';
import MethodsView from './views/MethodsView.vue';

declare module 'vue-router' {
  interface RouteMeta {
    /** Label in the navigation bar (routes without one are not listed). */
    nav?: string;
  }
}

export const routes: RouteRecordRaw[] = [
  { path: '/', redirect: '/run' },
  { path: '/device', name: 'device', component: DeviceView, meta: { nav: 'Device' } },
  { path: '/run', name: 'run', component: RunView, meta: { nav: 'Run' } },
  { path: '/results', name: 'results', component: ResultsView, meta: { nav: 'Results' } },
  { path: '/wizard', name: 'wizard', component: WizardView, meta: { nav: 'Which barrier?' } },
  { path: '/lab', name: 'lab', component: LabView, meta: { nav: 'Lab' } },
  { path: '/compare', name: 'compare', component: CompareView, meta: { nav: 'Compare' } },
  { path: '/methods', name: 'methods', component: MethodsView, meta: { nav: 'Methods' } },
];

/** The app's router. */
export function createAppRouter(): Router {
  return createRouter({ history: createWebHashHistory(), routes });
}
