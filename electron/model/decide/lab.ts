/**
 * The dependency lab (docs/decision-engine.md#dependency-lab): a six-node function graph
 *
 *   x (input, default 0.5) ─┐
 *                           ├─> z = x · w ─┐
 *   w (input, default -1) ──┘              ├─> h = z + b ──> y = sigmoid(h)   (output)
 *   b (constant bias -0.5) ────────────────┘
 *
 * With x = 1 and w = 1: z = 1, h = 0.5, y = sigmoid(0.5) ≈ 0.622. The defaults are not 1 and 1 (they give
 * y = sigmoid(-1) ≈ 0.269), so "Reset, set x = 1 and w = 1" is a real step. Sources (inputs and the constant) hold
 * their values at once; `step()` evaluates one operation node at a time in dependency order. Placing nodes on GPU
 * agents and asking for the ordering edges is `lab-placement.ts`.
 */
import { DECIDE_EN } from '../words/en/decide';
import type { LabNodeId } from '../words/decide';

export type { LabNodeId };
export type LabInput = 'x' | 'w';

export interface LabNode {
  id: LabNodeId;
  label: string;
  kind: 'input' | 'constant' | 'operation';
  /** Producers of this node, in operand order. */
  inputs: LabNodeId[];
  op: 'mul' | 'add' | 'sigmoid' | null;
  /** For a person, e.g. "z = x · w". */
  formula: string;
}

export interface LabEdge {
  from: LabNodeId;
  to: LabNodeId;
}

export interface LabStep {
  node: LabNodeId;
  value: number;
  /** The producer -> consumer edges this evaluation used. */
  edges: LabEdge[];
}

/** Reset values of the inputs (deliberately not 1 and 1). */
export const LAB_INPUT_DEFAULTS: Readonly<Record<LabInput, number>> = { x: 0.5, w: -1 };
export const LAB_BIAS = -0.5;

/** The nodes' English labels (words/en/decide.ts). */
const LABEL = DECIDE_EN.labNodes;

export const LAB_NODES: readonly LabNode[] = [
  { id: 'x', label: LABEL.x, kind: 'input', inputs: [], op: null, formula: 'x' },
  { id: 'w', label: LABEL.w, kind: 'input', inputs: [], op: null, formula: 'w' },
  { id: 'b', label: LABEL.b, kind: 'constant', inputs: [], op: null, formula: `b = ${LAB_BIAS}` },
  { id: 'z', label: LABEL.z, kind: 'operation', inputs: ['x', 'w'], op: 'mul', formula: 'z = x · w' },
  { id: 'h', label: LABEL.h, kind: 'operation', inputs: ['z', 'b'], op: 'add', formula: 'h = z + b' },
  { id: 'y', label: LABEL.y, kind: 'operation', inputs: ['h'], op: 'sigmoid', formula: 'y = sigmoid(h)' },
];

/** Every producer -> consumer edge of the graph. */
export const LAB_EDGES: readonly LabEdge[] = LAB_NODES.flatMap((n) =>
  n.inputs.map((from) => ({ from, to: n.id })),
);

/** Why the function graph alone proves nothing about a GPU (words/en/decide.ts). */
export const FUNCTION_GRAPH_NOTE = DECIDE_EN.functionGraphNote;

/** Operation nodes in dependency (topological) order; ties keep table order. */
export const LAB_ORDER: readonly LabNodeId[] = topologicalOrder(LAB_NODES).filter(
  (id) => LAB_NODES.find((n) => n.id === id)?.kind === 'operation',
);

/**
 * The lab's state. Mutable, with methods on `this` (no closures, no #private fields), so a Vue `reactive()` proxy
 * of it stays reactive.
 */
export class DependencyLab {
  /** Current value of every node; null until an operation node is evaluated. */
  values: Record<LabNodeId, number | null> = { x: null, w: null, b: null, z: null, h: null, y: null };
  /** How many operation nodes have been evaluated. */
  evaluated = 0;

  constructor() {
    this.reset();
  }

  /** Restores the default inputs and clears every computed value. */
  reset(): void {
    this.values = {
      x: LAB_INPUT_DEFAULTS.x,
      w: LAB_INPUT_DEFAULTS.w,
      b: LAB_BIAS,
      z: null,
      h: null,
      y: null,
    };
    this.evaluated = 0;
  }

  /**
   * Sets an input and clears the computed values (they depended on the old input; step again).
   * @throws RangeError for a name other than x or w, or a value that is not a finite number.
   */
  setInput(name: string, value: number): void {
    if (name !== 'x' && name !== 'w') throw new RangeError(`unknown input "${name}" (inputs: x, w)`);
    if (!Number.isFinite(value)) throw new RangeError(`input ${name} must be a finite number, got ${value}`);
    this.values = { ...this.values, [name]: value, z: null, h: null, y: null };
    this.evaluated = 0;
  }

  /** The operation node the next `step()` evaluates, or null when done. */
  nextNode(): LabNodeId | null {
    return LAB_ORDER[this.evaluated] ?? null;
  }

  /** Evaluates exactly one operation node in dependency order; null when every node is evaluated. */
  step(): LabStep | null {
    const id = this.nextNode();
    const node = LAB_NODES.find((n) => n.id === id);
    if (!id || !node?.op) return null;
    const operands = node.inputs.map((input) => this.values[input] ?? Number.NaN);
    const value = evaluate(node.op, operands);
    this.values = { ...this.values, [id]: value };
    this.evaluated += 1;
    return { node: id, value, edges: node.inputs.map((from) => ({ from, to: id })) };
  }

  isDone(): boolean {
    return this.nextNode() === null;
  }

  /** The output y, or null until it has been evaluated. */
  get output(): number | null {
    return this.values.y;
  }
}

function evaluate(op: NonNullable<LabNode['op']>, operands: number[]): number {
  const [a = Number.NaN, b = Number.NaN] = operands;
  switch (op) {
    case 'mul':
      return a * b;
    case 'add':
      return a + b;
    case 'sigmoid':
      return 1 / (1 + Math.exp(-a));
  }
}

/** Kahn's algorithm; throws on a cycle (the lab's graph has none). */
function topologicalOrder(nodes: readonly LabNode[]): LabNodeId[] {
  const done: LabNodeId[] = [];
  while (done.length < nodes.length) {
    const ready = nodes.find((n) => !done.includes(n.id) && n.inputs.every((i) => done.includes(i)));
    if (!ready) throw new Error('the lab graph has a cycle');
    done.push(ready.id);
  }
  return done;
}
