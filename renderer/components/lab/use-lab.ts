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
  const inputError = ref<string | null>(null);
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

  /** Takes a typed input; a value that is not a finite number is reported and leaves the lab as it was. */
  function setInput(name: LabInput, text: string): void {
    inputs.value = { ...inputs.value, [name]: text };
    const value = text.trim() === '' ? Number.NaN : Number(text);
    if (!Number.isFinite(value)) {
      inputError.value = `${name} must be a number.`;
      return;
    }
    inputError.value = null;
    lab.setInput(name, value);
    lastStep.value = null;
  }

  /** Restores the default inputs and clears every computed value. */
  function reset(): void {
    lab.reset();
    inputs.value = defaultInputs();
    inputError.value = null;
    lastStep.value = null;
  }

  /** Evaluates the next node in dependency order. */
  function step(): void {
    lastStep.value = lab.step() ?? lastStep.value;
  }

  /** Places a node on an agent and a storage location. */
  function place(node: keyof LabPlacements, agent: Agent, storage: Storage): void {
    placements.value = { ...placements.value, [node]: { agent, storage } };
  }

  return {
    lab,
    inputs,
    inputError,
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

function defaultInputs(): Record<LabInput, string> {
  return { x: String(LAB_INPUT_DEFAULTS.x), w: String(LAB_INPUT_DEFAULTS.w) };
}
