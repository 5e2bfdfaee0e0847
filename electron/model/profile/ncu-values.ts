/**
 * Values as Nsight Compute writes them in its CSV pages (`--csv --print-units base`): numbers with thousands
 * separators ("1,024", "4,558,420.38"), dimensions as "(264, 1, 1)", and "" or "n/a" where a metric has no value.
 * docs/profile.md#what-ncu-writes.
 */

/** A dim3 as ncu prints it. */
export interface Dim3 {
  x: number;
  y: number;
  z: number;
}

/**
 * "1,024" → 1024, "45,584.20" → 45584.2, an instanced metric "3,246 (0x7f…: 0; …)" → its total 3246; null for "",
 * "n/a", "-" or anything that is not a number.
 */
export function ncuNumber(text: string | undefined): number | null {
  if (text === undefined) return null;
  const open = text.indexOf(' (');
  const bare = (open > 0 ? text.slice(0, open) : text).trim().replace(/,/g, '');
  if (bare === '' || !/^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(bare)) return null;
  return Number(bare);
}

/** "(264, 1, 1)" → { x: 264, y: 1, z: 1 }; null when the text is not three whole numbers in parentheses. */
export function ncuDim3(text: string | undefined): Dim3 | null {
  const m = /^\(\s*([\d,]+)\s*,\s*([\d,]+)\s*,\s*([\d,]+)\s*\)$/.exec(text?.trim() ?? '');
  if (!m) return null;
  const side = (v: string | undefined) => Number((v ?? '').replace(/,/g, ''));
  return { x: side(m[1]), y: side(m[2]), z: side(m[3]) };
}

/** The product of a dim3's sides. */
export function dim3Volume(d: Dim3): number {
  return d.x * d.y * d.z;
}

/**
 * An instanced metric as `--print-metric-instances details` writes it: "TOTAL (KEY: VALUE; KEY: VALUE; …)", e.g.
 * `sass__inst_executed_per_opcode_with_modifier_all` = "43,981,608 (LDS: 11,354,112; BAR.SYNC.DEFER_BLOCKING: …)".
 * Returns the instances by key, or null when the text has no instance list (an export without instances).
 */
export function ncuInstances(text: string | undefined): Map<string, number> | null {
  const open = text?.indexOf('(') ?? -1;
  if (!text || open < 0 || !text.trimEnd().endsWith(')')) return null;
  const body = text.slice(open + 1, text.trimEnd().length - 1);
  const out = new Map<string, number>();
  for (const part of body.split(';')) {
    const colon = part.lastIndexOf(':');
    if (colon < 0) continue;
    const value = ncuNumber(part.slice(colon + 1));
    if (value !== null) out.set(part.slice(0, colon).trim(), value);
  }
  return out;
}
