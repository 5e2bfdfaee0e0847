/**
 * Views and navigation (hash history: works from file:// in Electron and behind the browser shell's token URL).
 * A route with `meta.nav` appears in the navigation bar in route order; a new view joins by adding its route here.
 * Each view is its own chunk, loaded when first opened, so the first view loads without the code of the others.
 */
import { createRouter, createWebHashHistory, type RouteRecordRaw, type Router } from 'vue-router';

import { loadRunView } from './views/loaders';

declare module 'vue-router' {
  interface RouteMeta {
    /** Message key of the label in the navigation bar (routes without one are not listed). */
    nav?: string;
  }
}

export const routes: RouteRecordRaw[] = [
  // The start page is the default view (it stands aside for Run where a GPU measures and the user has run before).
  { path: '/', redirect: '/start' },
  {
    path: '/start',
    name: 'start',
    component: () => import('./views/StartView.vue'),
    meta: { nav: 'nav.start' },
  },
  {
    path: '/device',
    name: 'device',
    component: () => import('./views/DeviceView.vue'),
    meta: { nav: 'nav.device' },
  },
  {
    path: '/run',
    name: 'run',
    component: loadRunView,
    // `?mode=<id>` picks the form's mode (the start page's first run).
    props: (route) => ({ initialMode: typeof route.query.mode === 'string' ? route.query.mode : undefined }),
    meta: { nav: 'nav.run' },
  },
  {
    path: '/results',
    name: 'results',
    component: () => import('./views/ResultsView.vue'),
    meta: { nav: 'nav.results' },
  },
  {
    path: '/wizard',
    name: 'wizard',
    component: () => import('./views/WizardView.vue'),
    meta: { nav: 'nav.wizard' },
  },
  { path: '/lab', name: 'lab', component: () => import('./views/LabView.vue'), meta: { nav: 'nav.lab' } },
  {
    path: '/compare',
    name: 'compare',
    component: () => import('./views/CompareView.vue'),
    meta: { nav: 'nav.compare' },
  },
  {
    path: '/methods',
    name: 'methods',
    component: () => import('./views/MethodsView.vue'),
    meta: { nav: 'nav.methods' },
  },
  {
    path: '/fleet',
    name: 'fleet',
    component: () => import('./views/FleetView.vue'),
    meta: { nav: 'nav.fleet' },
  },
  {
    path: '/profile',
    name: 'profile',
    component: () => import('./views/ProfileView.vue'),
    meta: { nav: 'nav.profile' },
  },
];

/** The app's router. */
export function createAppRouter(): Router {
  return createRouter({ history: createWebHashHistory(), routes });
}
