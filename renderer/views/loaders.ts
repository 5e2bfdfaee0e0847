/**
 * View chunks that more than the router loads. The router (renderer/router.ts) routes to them; a view that loads
 * another view ahead imports its loader from here, so no view imports the router.
 */

/** The Run view's chunk; Results loads it ahead (replaying a result opens Run: its first frames stay smooth). */
export const loadRunView = () => import('./RunView.vue');
