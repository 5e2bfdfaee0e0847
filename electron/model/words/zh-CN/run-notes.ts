/**
 * A result's recorded English in a Chinese report: the notes the core writes about a run's own points
 * (core/measure/run-notes.ts, the sanitizer's "asked for but not run"), the driver as the core records it
 * ("580.159.04 (supports CUDA 13.0)", core/measure/device.ts) and a published dataset's "not published"
 * placeholders. Each is said in Chinese where its form is known; any other note is the file's own English (data)
 * and stays as written.
 */

import { UI_EN } from '../en/ui';
import { UI_ZH_CN } from './ui';

/** A sanitizer run's outcome (methods/sanitizer-outcome.ts writes the English of UI_EN.sanitizer.outcomes). */
function outcomeZh(english: string): string {
  const outcomes = UI_EN.sanitizer.outcomes;
  const kind = (Object.keys(outcomes) as (keyof typeof outcomes)[]).find((k) => outcomes[k] === english);
  return kind ? UI_ZH_CN.sanitizer.outcomes[kind] : english;
}

/** The core's notes by their English form (`{n}` a count, `{list}` point labels, `{tools}` sanitizer tools). */
const NOTES: readonly [RegExp, (m: RegExpExecArray) => string][] = [
  [
    /^(\d+) point\(s\) stopped before reaching the noise target \(marked noisy, kept\)\.$/,
    (m) => `${m[1]} 个点在达到噪声目标之前停止（标为噪声大，保留）。`,
  ],
  [
    /^(\d+) point\(s\) ran below the throttle threshold of the peak SM clock\.$/,
    (m) => `${m[1]} 个点运行时低于峰值 SM 时钟的降频阈值。`,
  ],
  [
    /^(\d+) point\(s\) FAILED verification: their outputs did not match\.$/,
    (m) => `${m[1]} 个点校验失败：它们的输出不匹配。`,
  ],
  [
    /^Less than one SM cycle per unit \(no instruction was emitted for it, or it hides behind the loop; see the SASS\), so no per-sync ratio uses it: (.*)\.$/,
    (m) =>
      `每单位不到一个 SM 周期（没有为它生成指令，或它藏在循环之后；见 SASS），因此没有任何每次同步的比值使用它：${m[1]}。`,
  ],
  [
    /^(\d+) point\(s\) measure an incorrect protocol \(e\.g\. a volatile flag\): shown for cost only, never ranked\.$/,
    (m) => `${m[1]} 个点测量的是不正确的协议（例如 volatile 标志）：只为展示开销，从不参与排名。`,
  ],
  [
    // core/verify/attach-sanitizer.ts: the tool, its target's label (data), its own summary line (its English).
    /^compute-sanitizer (\w+) on (.+?): (.+) \(([^()]+)\)\.$/,
    (m) => `compute-sanitizer ${m[1]}，目标 ${m[2]}：${m[3]}（${outcomeZh(m[4]!)}）。`,
  ],
  [
    /^compute-sanitizer (.+) was asked for but not run: compute-sanitizer is not on the PATH\.$/,
    (m) =>
      `要求运行 compute-sanitizer ${m[1]!.replace(/ and /g, '、')}，但未运行：PATH 中没有 compute-sanitizer。`,
  ],
  [
    /^compute-sanitizer (.+) was asked for but not run: this shell cannot start the CLI for it\.$/,
    (m) =>
      `要求运行 compute-sanitizer ${m[1]!.replace(/ and /g, '、')}，但未运行：此外壳无法为它启动命令行。`,
  ],
];

/** `note` in Chinese when the core wrote it in a known form; `english: true` when it stays the file's English. */
function runNoteZh(note: string): { text: string; english: boolean } {
  for (const [form, words] of NOTES) {
    const m = form.exec(note);
    if (m) return { text: words(m), english: false };
  }
  return { text: note, english: true };
}

/** A recorded value in Chinese: a published dataset's "not published" placeholders; any other value as recorded. */
function recordedZh(value: string): string {
  if (value === 'not published') return '未发表';
  if (value === 'version not published') return '版本未发表';
  return value;
}

/** The driver as recorded ("580.159.04 (supports CUDA 13.0)", "supports CUDA 13.0") in Chinese. */
function driverZh(driver: string): string {
  const both = /^(.*) \(supports CUDA ([\d.]+)\)$/.exec(driver);
  if (both) return `${both[1]}（支持 CUDA ${both[2]}）`;
  const only = /^supports CUDA ([\d.]+)$/.exec(driver);
  if (only) return `支持 CUDA ${only[1]}`;
  return recordedZh(driver);
}

/** The words above, for the zh-CN report (zh-CN/report.ts). */
export const RUN_NOTES_ZH_CN = { note: runNoteZh, recorded: recordedZh, driver: driverZh } as const;
