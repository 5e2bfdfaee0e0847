/**
 * Placement in the dependency lab: each node of the lab graph runs on an execution agent and leaves its value in a
 * storage location; for each producer -> consumer edge the lab asks the decision engine (the same table as the
 * wizard) which ordering edge makes the write visible before the read.
 *
 * Agents are groups of GPU threads (all of the group compute the node), or the host:
 *   thread   one thread; every node on `thread` runs on that same thread
 *   lane     one other lane of that thread's warp; every node on `lane` runs on that same lane
 *   warp     all lanes of that warp          block    all threads of its block
 *   cluster  all blocks of its cluster       kernel   all blocks of the grid
 *   host     the host thread
 * The relation of an edge is set by the wider of its two agents: thread/thread and lane/lane -> same thread,
 * lane or warp -> same warp, block -> same block, cluster -> same cluster, kernel -> other blocks of the kernel, one
 * end on the host -> host. The value is read where the producer left it (the producer's storage): a GPU agent reading
 * or writing host memory (pinned or pageable) does so itself, so a kernel placed against pageable host memory gets
 * the storage-not-reachable hazard and the copy it needs, and against pinned memory the note that it must be mapped.
 */
import { DecideError } from './errors';
import { advise, nextQuestion } from './engine';
import { LAB_EDGES, type LabEdge, type LabNodeId } from './lab';
import type { DecisionTable } from './table-schema';
import type { Advice, Answers, HazardId, RecommendationId } from './types';

export const AGENTS = ['thread', 'lane', 'warp', 'block', 'cluster', 'kernel', 'host'] as const;
export type Agent = (typeof AGENTS)[number];

/** The answers of the table's `storage` question. */
export const STORAGES = [
  'registers',
  'shared',
  'distributed-shared',
  'global',
  'host-pinned',
  'host-pageable',
  'peer',
] as const;
export type Storage = (typeof STORAGES)[number];

export interface Placement {
  agent: Agent;
  storage: Storage;
}
export type LabPlacements = Record<LabNodeId, Placement>;

/** Every node on one thread, in registers: a plain function evaluation, no ordering edge needed. */
export const DEFAULT_PLACEMENTS: Readonly<LabPlacements> = {
  x: { agent: 'thread', storage: 'registers' },
  w: { agent: 'thread', storage: 'registers' },
  b: { agent: 'thread', storage: 'registers' },
  z: { agent: 'thread', storage: 'registers' },
  h: { agent: 'thread', storage: 'registers' },
  y: { agent: 'thread', storage: 'registers' },
};

type GpuAgent = Exclude<Agent, 'host'>;
const WIDTH: Record<GpuAgent, number> = { thread: 0, lane: 1, warp: 2, block: 3, cluster: 4, kernel: 5 };
const WHERE: Record<GpuAgent, string> = {
  thread: 'same-thread',
  lane: 'same-warp',
  warp: 'same-warp',
  block: 'same-block',
  cluster: 'same-cluster',
  kernel: 'other-blocks',
};

/**
 * What the lab answers for questions an edge does not decide: the plain case (every participant arrives, all
 * lanes, a phase boundary, nothing that must survive on chip, a normal launch, nothing running concurrently).
 */
const PLAIN_ANSWERS: Readonly<Record<string, string>> = {
  current: 'new-code',
  lanes: 'all',
  width: 'width-32',
  'src-lane': 'in-mask',
  'block-pattern': 'phase-boundary',
  'grid-pattern': 'all-blocks-phase',
  'all-reach': 'yes',
  state: 'no',
  'cluster-launch': 'no',
  launch: 'normal',
  'grid-fits': 'unknown',
  'while-running': 'no',
  'queue-after': 'no',
  prologue: 'no-prologue',
  'cluster-reach': 'all-blocks',
  'hopper-code': 'none-of-these',
  goal: 'correctness',
  timing: 'not-timed',
};

/** The table's `where` answer for a producer and a consumer agent. */
export function relationOf(producer: Agent, consumer: Agent): string {
  if (producer === 'host' || consumer === 'host') return producer === consumer ? 'same-thread' : 'host';
  if (producer === consumer && WIDTH[producer] <= WIDTH.lane) return 'same-thread';
  return WHERE[WIDTH[producer] >= WIDTH[consumer] ? producer : consumer];
}

/**
 * The answers the lab gives the engine for one edge: `where` from the agents, `storage` from the producer, the
 * host's action from the direction (host -> GPU: provide-input; GPU -> host: read-result), `host-access: kernel` (the
 * GPU end touches the host buffer itself: the lab has no copies), and the plain answer for every other question the
 * table asks.
 * @throws DecideError (kind 'table') when the table asks a question the lab has no answer for.
 */
export function edgeAnswers(table: DecisionTable, producer: Placement, consumer: Placement): Answers {
  const answers: Answers = { where: relationOf(producer.agent, consumer.agent), storage: producer.storage };
  const fill: Record<string, string> = {
    ...PLAIN_ANSWERS,
    'host-action': producer.agent === 'host' ? 'provide-input' : 'read-result',
    'host-access': 'kernel',
    // A host wait of the lab is priced at the context's default scheduling flag.
    'host-schedule': 'auto',
  };
  for (let q = nextQuestion(table, answers); q; q = nextQuestion(table, answers)) {
    const answer = fill[q.id];
    if (answer === undefined) {
      throw new DecideError(
        'table',
        [`question "${q.id}" has no lab answer`],
        'the lab cannot answer the table',
      );
    }
    answers[q.id] = answer;
  }
  return answers;
}

export interface EdgeOrdering {
  edge: LabEdge;
  /** The relation of producer and consumer (the table's `where` answer). */
  where: string;
  /** null when the hand-off is not possible as described (`advice.outcome` is `not-possible`). */
  recommendation: RecommendationId | null;
  hazards: HazardId[];
  answers: Answers;
  advice: Advice;
}

/**
 * The ordering edge every dependency of the lab graph needs for the given placements, in graph edge order.
 * @throws DecideError when the engine rejects the answers (a table the lab does not fit).
 */
export function orderingEdges(table: DecisionTable, placements: Readonly<LabPlacements>): EdgeOrdering[] {
  return LAB_EDGES.map((edge) => {
    const answers = edgeAnswers(table, placements[edge.from], placements[edge.to]);
    const advice = advise(table, answers);
    return {
      edge,
      where: String(answers.where),
      recommendation: advice.recommendation,
      hazards: advice.hazards.map((h) => h.id),
      answers,
      advice,
    };
  });
}
