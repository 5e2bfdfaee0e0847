/**
 * The Profile view's data: the library's profiles (listProfiles) and the one opened (getProfile), validated again
 * here with the profile schema (electron/model/profile/schema.ts) so the view never shows a malformed file.
 */
import { markRaw, ref, shallowRef } from 'vue';
import type { ProfileSummary, UnreadableProfile } from '../../../electron/contract/profiles';
import { validateProfile, type ProfileFile } from '../../../electron/model/profile/schema';
import { useApi } from '../../api/current';
import { errorWords, hostShown, uiShown, type ShownMessage } from '../../i18n/shown-message';

export function useProfiles() {
  const list = ref<ProfileSummary[]>([]);
  const unreadable = ref<UnreadableProfile[]>([]);
  const loading = ref(false);
  const error = ref<ShownMessage | null>(null);
  const opened = shallowRef<ProfileFile | null>(null);
  const openError = ref<ShownMessage | null>(null);

  /** Lists the profiles; opens the newest when none is open yet. */
  async function load(): Promise<void> {
    loading.value = true;
    const reply = await useApi()
      .listProfiles()
      .finally(() => (loading.value = false));
    if (!reply.ok) {
      error.value = hostShown(reply);
      return;
    }
    error.value = null;
    list.value = reply.value.profiles;
    unreadable.value = reply.value.unreadable;
    const newest = list.value[0];
    if (!opened.value && newest) await open(newest.id);
  }

  /** Reads and validates profile `id` for the detail. */
  async function open(id: string): Promise<void> {
    const reply = await useApi().getProfile(id);
    if (!reply.ok) {
      openError.value = uiShown('profileView.getFailed', {}, { message: reply.message, text: reply.text });
      return;
    }
    try {
      opened.value = markRaw(validateProfile(reply.value));
      openError.value = null;
    } catch (err) {
      openError.value = uiShown('profileView.getFailed', {}, errorWords(err));
    }
  }

  return { list, unreadable, loading, error, opened, openError, load, open };
}
