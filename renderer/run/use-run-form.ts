/**
 * The Run form's state: one text per parameter of the chosen mode, client-side checks as the user types, and the
 * host's own validation (`validateRun`, debounced) whose field errors are shown next to the same fields, in the
 * UI's language by their codes (HostMessage), or in English where the host sent none.
 */
import { computed, onScopeDispose, ref, watch, type Ref } from 'vue';
import type { ErrorCode, Failure, ModeInfo, ParamInfo, RunRequest } from '../../electron/contract';
import { useApi } from '../api/current';
import { fieldWords, namedFieldWords, type HostWords } from '../i18n/host-text';
import { translatorFor, type Translate } from '../figures/translate';
import { useSettingsStore } from '../stores/settings';
import { checkParam, defaultText, type ParamValue } from './params';

const VALIDATE_DELAY_MS = 250;

/** Form state for `mode` on device `device`. */
export function useRunForm(mode: Ref<ModeInfo | undefined>, device: Ref<number>) {
  const texts = ref<Record<string, string>>({});
  const serverErrors = ref<Record<string, HostWords>>({});
  /**
   * A message from the host that belongs to no field (e.g. no GPU), with its code where the host sent one
   * (HostMessage words it), or the field errors of fields not shown, each after its field's name.
   */
  const serverMessage = ref<HostWords | HostWords[] | null>(null);
  /** The error code of the host's last refusal (null while there is none). */
  const serverCode = ref<ErrorCode | null>(null);
  /** How many points the host would measure, once it validated the request. */
  const pointCount = ref<number | null>(null);
  let timer: ReturnType<typeof setTimeout> | null = null;
  const settings = useSettingsStore();

  watch(
    mode,
    (info) => {
      texts.value = Object.fromEntries((info?.params ?? []).map((p) => [p.name, defaultText(p)]));
    },
    { immediate: true },
  );

  const clientErrors = computed(() =>
    paramErrors(mode.value?.params ?? [], texts.value, translatorFor(settings.effectiveLocale)),
  );

  /** The request the form describes, or null while a field fails its client-side check. */
  const request = computed<RunRequest | null>(() => {
    const info = mode.value;
    if (!info || Object.keys(clientErrors.value).length > 0) return null;
    return { mode: info.id, device: device.value, params: paramValues(info.params, texts.value) };
  });

  /**
   * The message shown next to a field: the client-side check first (in the UI's language already), then the
   * host's words.
   */
  function errorFor(name: string): string | HostWords | null {
    return clientErrors.value[name] ?? serverErrors.value[name] ?? null;
  }

  /** Shows a refusal from the host (validateRun or startRun) next to the fields it names. */
  function showFailure(failure: Failure): void {
    const fields = fieldWords(failure);
    serverErrors.value = fields;
    serverCode.value = failure.code;
    serverMessage.value = messageBesideFields(
      failure,
      fields,
      new Set(mode.value?.params.map((p) => p.name)),
    );
  }

  async function validate(req: RunRequest): Promise<void> {
    const reply = await useApi().validateRun(req);
    if (request.value !== req) return;
    if (reply.ok) pointCount.value = reply.value.points;
    else showFailure(reply);
  }

  watch(
    request,
    (req) => {
      if (timer) clearTimeout(timer);
      serverErrors.value = {};
      serverMessage.value = null;
      serverCode.value = null;
      pointCount.value = null;
      if (req) timer = setTimeout(() => void validate(req), VALIDATE_DELAY_MS);
    },
    { immediate: true },
  );
  onScopeDispose(() => {
    if (timer) clearTimeout(timer);
  });

  return { texts, clientErrors, serverMessage, serverCode, pointCount, request, errorFor, showFailure };
}

/** Each parameter's client-side error by name, in the words of `t` (none for a parameter that passes). */
function paramErrors(
  params: readonly ParamInfo[],
  texts: Record<string, string>,
  t: Translate,
): Record<string, string> {
  const errors: Record<string, string> = {};
  for (const param of params) {
    const check = checkParam(param, texts[param.name] ?? '', t);
    if (!check.ok) errors[param.name] = check.error;
  }
  return errors;
}

/** The values of the parameters whose text passes its check and is not left to the default. */
function paramValues(
  params: readonly ParamInfo[],
  texts: Record<string, string>,
): Record<string, ParamValue> {
  const values: Record<string, ParamValue> = {};
  for (const param of params) {
    const check = checkParam(param, texts[param.name] ?? '');
    if (check.ok && check.value !== undefined) values[param.name] = check.value;
  }
  return values;
}

/**
 * What of a refusal is shown above the fields: the errors of fields the form does not show (`shown` names those
 * it does), each after its field's name; nothing when every error is beside its field; else the failure's message.
 */
function messageBesideFields(
  failure: Failure,
  fields: Record<string, HostWords>,
  shown: ReadonlySet<string>,
): HostWords | HostWords[] | null {
  const others = Object.entries(fields).filter(([name]) => !shown.has(name));
  if (others.length > 0) return others.map(([name, words]) => namedFieldWords(name, words));
  return Object.keys(fields).length > 0 ? null : { message: failure.message, text: failure.text };
}
