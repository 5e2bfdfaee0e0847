import { computed, reactive, ref, shallowRef, type Ref } from 'vue';
import {
  DependencyLab,
  LAB_INPUT_DEFAULTS,
  LAB_NODES,
  type LabInput,
  type LabStep,
} from '../../../electron/core/decide/lab';
import {
  DEFAULT_PLACEMENTS,
  orderingEdges,
  type Agent,
  type EdgeOrdering,
  type LabPlacements,
  type Storage,
} from '../../../electron/core/decide/lab-placement';
import type { DecisionTable } from '../../../electron/core/decide/table-schema';

/**
 * State of the dependency lab view: the seed-000 network (inputs as typed, Reset, Step, the last step), and the
 * placement of each node with the ordering edges the decision engine asks for.
 * @param table the decision table (null until loaded: no ordering edges yet).
 */
export function useLab(table: Ref<DecisionTable | null>) {
  const lab = reactive(new DependencyLab());
  const inputs = ref<Record<LabInput, string>>(defaultInputs());
  /** What is wrong with each input as typed (absent: a finite number, which the lab holds). */
  const inputErrors = computed(() => {
    const errors: Partial<Record<LabInput, string>> = {};
    for (const name of LAB_INPUTS) {
      if (parseInput(inputs.value[name]) === null) errors[name] = `${name} must be a number.`;
    }
    return errors;
  });
  /** The message shown while any input is not a number (Step waits until every input is one). */
  const inputError = computed<string | null>(() => Object.values(inputErrors.value).join(' ') || null);
  /** Whether Step can evaluate: every input is a number and a node is left. */
  const canStep = computed(() => inputError.value === null && !lab.isDone());
  const lastStep = shallowRef<LabStep | null>(null);
  const placements = ref<LabPlacements>({ ...DEFAULT_PLACEMENTS });

  const nextNode = computed(() => LAB_NODES.find((n) => n.id === lab.nextNode()) ?? null);
  const output = computed(() => (lab.output === null ? '—' : lab.output.toFixed(3)));
  const ordering = computed<{ edges: EdgeOrdering[]; error: string | null }>(() => {
    if (!table.value) return { edges: [], error: null };
    try {
      return { edges: orderingEdges(table.value, placements.value), error: null };
    } catch (err) {
      return { edges: [], error: err instanceof Error ? err.message : String(err) };
    }
  });

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

  /** Places a node on an agent and a storage location. */
  function place(node: keyof LabPlacements, agent: Agent, storage: Storage): void {
    placements.value = { ...placements.value, [node]: { agent, storage } };
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
