import { computed, reactive, ref, shallowRef, type Ref } from 'vue';
import {
  DependencyLab,
  LAB_INPUT_DEFAULTS,
  LAB_NODES,
  type LabInput,
  type LabStep,
} from '../../../electron/model/decide/lab';
import {
  DEFAULT_PLACEMENTS,
  orderingEdges,
  type Agent,
  type EdgeOrdering,
  type LabPlacements,
  type Storage,
} from '../../../electron/model/decide/lab-placement';
import type { DecisionTable } from '../../../electron/model/decide/table-schema';
import { errorShown, type ShownMessage } from '../../i18n/shown-message';

/**
 * State of the dependency lab view: the seed-000 network (inputs as typed, Reset, Step, the last step), and the
 * placement of each node with the ordering edges the decision engine asks for.
 * @param table the decision table (null until loaded: no ordering edges yet).
 */
export function useLab(table: Ref<DecisionTable | null>) {
  const lab = reactive(new DependencyLab());
  const inputs = ref<Record<LabInput, string>>(defaultInputs());
  /** The inputs that are not a number as typed (a finite number is what the lab holds). */
  const inputErrors = computed(() => {
    const errors: Partial<Record<LabInput, true>> = {};
    for (const name of LAB_INPUTS) {
      if (parseInput(inputs.value[name]) === null) errors[name] = true;
    }
    return errors;
  });
  /**
   * The inputs the message names while any is not a number (Step waits until every input is one; the view says
   * `labView.notNumber` of each); null when all are numbers.
   */
  const inputError = computed<LabInput[] | null>(() => {
    const names = LAB_INPUTS.filter((name) => inputErrors.value[name]);
    return names.length > 0 ? names : null;
  });
  /** Whether Step can evaluate: every input is a number and a node is left. */
  const canStep = computed(() => inputError.value === null && !lab.isDone());
  const lastStep = shallowRef<LabStep | null>(null);
  const { placements, ordering, place } = useLabPlacements(table);

  const nextNode = computed(() => LAB_NODES.find((n) => n.id === lab.nextNode()) ?? null);
  const output = computed(() => (lab.output === null ? '—' : lab.output.toFixed(3)));

  /**
   * Takes a typed input. A value that is not a finite number is reported (and stays reported until it is fixed,
   * whatever else changes) and leaves the lab as it was; a number goes to the lab, which clears its computed values.
   */
  function setInput(name: LabInput, text: string): void {
    inputs.value = { ...inputs.value, [name]: text };
    const value = parseInput(text);
    if (value === null) return;
    lab.setInput(name, value);
    lastStep.value = null;
  }

  /** Restores the default inputs and clears every computed value. */
  function reset(): void {
    lab.reset();
    inputs.value = defaultInputs();
    lastStep.value = null;
  }

  /** Evaluates the next node in dependency order; nothing while an input is not a number. */
  function step(): void {
    if (!canStep.value) return;
    lastStep.value = lab.step() ?? lastStep.value;
  }

  return {
    lab,
    inputs,
    inputErrors,
    inputError,
    canStep,
    lastStep,
    placements,
    nextNode,
    output,
    ordering,
    setInput,
    reset,
    step,
    place,
  };
}

/**
 * The placement of each node (an agent and a storage location) and the ordering edges the decision engine asks
 * for between them.
 * @param table the decision table (null until loaded: no ordering edges yet).
 */
function useLabPlacements(table: Ref<DecisionTable | null>) {
  const placements = ref<LabPlacements>({ ...DEFAULT_PLACEMENTS });
  /** The ordering edges, or the decision engine's refusal (its English, marked so: errorShown). */
  const ordering = computed<{ edges: EdgeOrdering[]; error: ShownMessage | null }>(() => {
    if (!table.value) return { edges: [], error: null };
    try {
      return { edges: orderingEdges(table.value, placements.value), error: null };
    } catch (err) {
      return { edges: [], error: errorShown(err) };
    }
  });

  /** Places a node on an agent and a storage location. */
  function place(node: keyof LabPlacements, agent: Agent, storage: Storage): void {
    placements.value = { ...placements.value, [node]: { agent, storage } };
  }

  return { placements, ordering, place };
}

const LAB_INPUTS: readonly LabInput[] = ['x', 'w'];

/** The number an input's text means, or null when it is empty or not a finite number. */
function parseInput(text: string): number | null {
  if (text.trim() === '') return null;
  const value = Number(text);
  return Number.isFinite(value) ? value : null;
}

function defaultInputs(): Record<LabInput, string> {
  return { x: String(LAB_INPUT_DEFAULTS.x), w: String(LAB_INPUT_DEFAULTS.w) };
}
