/**
 * Parameters shared by the modes, and their parsing: every value is checked against its kind and range, and every
 * problem becomes one message per field saying what was given and what is allowed.
 */
import type { HostText, ParamInfo } from '../../contract';
import { PlanError } from './plan-error';
import { word } from '../words/host-text';
import type { ParamValues } from './types';

/** The chapter's iteration count (its `iters` default, 256); also the whole-kernel figure's count. */
export const ITERS: ParamInfo = {
  name: 'iters',
  label: 'Iterations (whole-kernel figure)',
  kind: 'int',
  default: 256,
  min: 1,
  max: 1_000_000,
  help:
    'Loop iterations of the short run (the chapter uses 256). Its CUDA-event time is the whole-kernel figure, ' +
    'launch overhead included; the per-sync cost comes from the difference with a longer run.',
};

export const DELTA_ITERS: ParamInfo = {
  name: 'deltaIters',
  label: 'Extra iterations of the long run',
  kind: 'int',
  default: 0,
  min: 0,
  max: 100_000_000,
  help: 'How many more iterations the long run has (0: a per-primitive default that makes it last ~0.1–1 ms).',
};

export const NWARPS: ParamInfo = {
  name: 'nwarps',
  label: 'Warps per block',
  kind: 'int',
  default: 8,
  min: 1,
  max: 32,
  help: 'Threads per block = 32 × nwarps (the chapter uses 8).',
};

export const NBLOCKS: ParamInfo = {
  name: 'nblocks',
  label: 'Blocks in the grid',
  kind: 'int',
  default: null,
  whenUnset: 'one block per SM',
  min: 1,
  max: 2_147_483_647,
  help: 'Grid size (default: one block per SM, as in the chapter).',
};

export const NWARPS_LIST: ParamInfo = {
  name: 'nwarpsList',
  label: 'Warps per block to sweep',
  kind: 'int-list',
  default: [1, 2, 4, 8, 16, 32],
  min: 1,
  max: 32,
  help: 'The block sizes of the sweep, in warps (the chapter: 1, 2, 4, 8, 16, 32).',
};

/** Parses raw values (CLI strings or UI numbers) against the mode's parameter list; throws PlanError(INVALID). */
export function parseParams(defs: ParamInfo[], raw: Record<string, unknown>): ParamValues {
  const errors: Record<string, HostText> = {};
  const out: ParamValues = {};
  const known = new Set(defs.map((d) => d.name));
  for (const name of Object.keys(raw)) {
    if (!known.has(name) && raw[name] !== undefined) {
      errors[name] =
        defs.length > 0
          ? word('plan.unknownParam', { names: defs.map((d) => d.name) })
          : word('plan.unknownParamNone');
    }
  }
  for (const def of defs) {
    const given = raw[def.name];
    if (given === undefined || given === null || given === '') {
      if (def.default !== null) out[def.name] = def.default;
      continue;
    }
    const problem = parseOne(def, given, out);
    if (problem) errors[def.name] = problem;
  }
  if (Object.keys(errors).length > 0) throw PlanError.fields(errors);
  return out;
}

function rangeText(def: ParamInfo): HostText {
  return word('plan.range', { min: def.min ?? '-∞', max: def.max ?? '∞' });
}

/** Decimal notation only (12, 0.5, 1e3): not hex or binary literals, which Number() would also take. */
const DECIMAL = /^[+-]?(\d+\.?\d*|\.\d+)([eE][+-]?\d+)?$/;

function toNumber(v: unknown): number {
  if (typeof v === 'number') return v;
  if (typeof v === 'string' && DECIMAL.test(v.trim())) return Number(v);
  return Number.NaN;
}

function parseOne(def: ParamInfo, given: unknown, out: ParamValues): HostText | null {
  if (def.kind === 'enum') {
    const s = String(given);
    if (!def.values?.includes(s)) return word('plan.notOneOf', { value: s, values: def.values ?? [] });
    out[def.name] = s;
    return null;
  }
  if (def.kind === 'int-list') {
    const items = Array.isArray(given) ? given : String(given).split(',');
    const nums = items.map(toNumber);
    const bad = nums.find(
      (n) => !Number.isInteger(n) || n < (def.min ?? -Infinity) || n > (def.max ?? Infinity),
    );
    if (nums.length === 0 || bad !== undefined) {
      return word('plan.notWholeList', { given: items.join(','), range: rangeText(def) });
    }
    out[def.name] = nums;
    return null;
  }
  const n = toNumber(given);
  if (!Number.isFinite(n) || (def.kind === 'int' && !Number.isInteger(n))) {
    const code = def.kind === 'int' ? 'plan.notWhole' : 'plan.notNumber';
    return word(code, { given: String(given), range: rangeText(def) });
  }
  if ((def.min !== undefined && n < def.min) || (def.max !== undefined && n > def.max)) {
    return def.unit
      ? word('plan.outOfRangeUnit', { value: n, range: rangeText(def), unit: def.unit })
      : word('plan.outOfRange', { value: n, range: rangeText(def) });
  }
  out[def.name] = n;
  return null;
}

/** A numeric parameter that parseParams guarantees (or the fallback when it has a device-dependent default). */
export function num(values: ParamValues, name: string, fallback?: number): number {
  const v = values[name];
  if (typeof v === 'number') return v;
  if (fallback !== undefined) return fallback;
  throw new Error(`parameter ${name} missing after parsing`);
}
