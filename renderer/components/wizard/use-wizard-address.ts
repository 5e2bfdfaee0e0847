/**
 * Keeps the wizard's place in the address (stores/wizard/address.ts) both ways: moving to another question pushes a
 * history entry (browser Back returns to the previous question), an answer on the same question replaces it, and an
 * address the user goes to (Back, Forward, a reload, a shared link) puts the wizard there. The last place is also
 * kept in localStorage, so opening the wizard without one in the address (the desktop app's next start) continues
 * the last session.
 */
import { computed, onBeforeUnmount, onMounted, ref, watch } from 'vue';
import { useRoute, useRouter } from 'vue-router';
import { AT_KEY, fromQuery, sameQuery, toQuery } from '../../stores/wizard/address';
import { useWizardStore } from '../../stores/wizard';

/** The localStorage key of the last place. */
export const LAST_PLACE_KEY = 'syncbench.wizard.place';

function lastPlace(): Record<string, unknown> | null {
  try {
    const saved: unknown = JSON.parse(localStorage.getItem(LAST_PLACE_KEY) ?? 'null');
    return typeof saved === 'object' && saved !== null ? (saved as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * Loads the decision table, then follows the address; call once from the Wizard view's setup.
 * @returns copyLink: writes the address of the place on screen to the clipboard; resolves false when refused.
 */
export function useWizardAddress() {
  const wizard = useWizardStore();
  const route = useRoute();
  const router = useRouter();
  const ready = ref(false);
  const query = computed(() => toQuery({ answers: wizard.answers, at: wizard.current?.id ?? null }));
  // Set once a navigation to another view starts: it may still be loading that view, and writing the wizard's
  // place then would start a navigation back to the wizard that cancels the user's.
  let leaving = false;
  const stopLeaving = router.beforeEach((to) => {
    leaving = to.name !== 'wizard';
  });
  // A navigation that was cancelled or failed leaves the wizard on screen, its place followed again.
  const stopLanded = router.afterEach(() => {
    leaving = router.currentRoute.value.name !== 'wizard';
  });
  onBeforeUnmount(() => {
    stopLeaving();
    stopLanded();
  });

  watch(query, (next, old) => {
    if (!ready.value || leaving || route.name !== 'wizard' || sameQuery(next, route.query)) return;
    localStorage.setItem(LAST_PLACE_KEY, JSON.stringify(next));
    void (old?.[AT_KEY] !== next[AT_KEY] ? router.push({ query: next }) : router.replace({ query: next }));
  });

  watch(
    () => route.query,
    (asked) => {
      if (!ready.value || route.name !== 'wizard' || !wizard.table || sameQuery(asked, query.value)) return;
      const place = fromQuery(wizard.table, asked);
      if (place) void wizard.restore(place);
      else wizard.restart();
    },
  );

  onMounted(async () => {
    await wizard.loadTable();
    // The user may have left (or be leaving) while the table loaded: the address is then another view's.
    if (!wizard.table || leaving || route.name !== 'wizard') return;
    const place =
      fromQuery(wizard.table, route.query) ?? (Object.keys(wizard.answers).length > 0 ? null : saved());
    if (place) await wizard.restore(place);
    ready.value = true;
    if (!leaving && !sameQuery(query.value, route.query)) await router.replace({ query: query.value });
  });

  function saved() {
    const last = lastPlace();
    return last && wizard.table ? fromQuery(wizard.table, last) : null;
  }

  async function copyLink(): Promise<boolean> {
    try {
      await navigator.clipboard.writeText(window.location.href);
      return true;
    } catch {
      return false;
    }
  }

  return { copyLink };
}
