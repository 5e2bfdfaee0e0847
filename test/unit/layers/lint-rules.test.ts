// Each layer rule of eslint.config.js (from layers.config.js) fires on a planted violation and stays quiet on the
// allowed import next to it. The planted code is linted as if it were a file in the layer's folder; nothing is
// written to disk.
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
let eslint: ESLint;

beforeAll(() => {
  eslint = new ESLint({ cwd: root, overrideConfigFile: path.join(root, 'eslint.config.js') });
});

/** The ids of the rules that report on `code` linted as `file` (repository-relative), with their messages. */
async function problems(file: string, code: string): Promise<Array<{ rule: string; message: string }>> {
  const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
  return (result?.messages ?? []).map((m) => ({ rule: m.ruleId ?? '(parse)', message: m.message }));
}

async function rules(file: string, code: string): Promise<string[]> {
  return [...new Set((await problems(file, code)).map((p) => p.rule))].sort();
}

describe('the model', () => {
  const file = 'electron/model/modes/points.ts';

  it('bans node:* imports, Node built-ins by their bare names, and Node globals', async () => {
    expect(
      await rules(file, "import { randomUUID } from 'node:crypto';\nexport const id = randomUUID();\n"),
    ).toEqual(['no-restricted-imports']);
    expect(await rules(file, "import { readFileSync } from 'fs';\nexport const r = readFileSync;\n")).toEqual(
      ['no-restricted-imports'],
    );
    expect(await rules(file, "import { Worker } from 'worker_threads';\nexport const w = Worker;\n")).toEqual(
      ['no-restricted-imports'],
    );
    for (const global of [
      'process.env.HOME',
      "Buffer.from('x')",
      '__dirname',
      '__filename',
      "require.resolve('x')",
    ]) {
      expect(await rules(file, `export const v = ${global};\n`), global).toEqual(['no-restricted-globals']);
    }
  });

  it('bans Node reached without a static import: a dynamic import, globalThis.process', async () => {
    expect(await rules(file, "export const f = () => import('node:fs');\n")).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await rules(file, "export const f = () => import('child_process');\n")).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await rules(file, 'export const p = globalThis.process;\n')).toEqual(['no-restricted-syntax']);
    expect(await rules(file, "export const f = () => import('./named');\n")).toEqual([]);
    expect(await rules(file, 'export const c = globalThis.crypto;\n')).toEqual([]);
  });

  it('imports only the npm packages its row lists', async () => {
    const msgs = await problems(file, "import wfa from 'write-file-atomic';\nexport const w = wfa;\n");
    expect(msgs.map((m) => m.rule)).toEqual(['no-restricted-imports']);
    expect(msgs[0]?.message).toMatch(
      /model layer may import only these npm packages: zod, simple-statistics/,
    );
    expect(await rules(file, "import { z } from 'zod';\nexport const s = z.string();\n")).toEqual([]);
    expect(
      await rules(file, "import type { Options } from 'write-file-atomic';\nexport type O = Options;\n"),
    ).toEqual([]);
  });

  it('may import the rest of the model and the contract, not the Node-only core', async () => {
    expect(
      await rules(file, "import type { Point } from '../results/schema';\nexport type P = Point;\n"),
    ).toEqual([]);
    expect(
      await rules(file, "import type { RunRequest } from '../../contract';\nexport type R = RunRequest;\n"),
    ).toEqual([]);
    const msgs = await problems(
      file,
      "import { readResultFile } from '../../core/results/io';\nexport const r = readResultFile;\n",
    );
    expect(msgs.map((m) => m.rule)).toEqual(['layers/allowed-imports']);
    expect(msgs[0]?.message).toMatch(/model layer may not import core \(electron\/core\/results\/io\.ts\)/);
  });

  it('the Node-only core keeps Node', async () => {
    expect(
      await rules(
        'electron/core/results/io.ts',
        "import { readFileSync } from 'node:fs';\nexport const r = readFileSync(process.cwd());\n",
      ),
    ).toEqual([]);
  });
});

describe('directions between layers', () => {
  it('the core never imports a shell, the worker or the renderer', async () => {
    const file = 'electron/core/service/planted.ts';
    for (const target of [
      '../../serve/server',
      '../../main/app',
      '../../cli/main',
      '../../worker/worker-backend',
      '../../../renderer/api/client',
    ]) {
      expect(await rules(file, `import * as m from '${target}';\nexport const x = m;\n`), target).toEqual([
        'layers/allowed-imports',
      ]);
    }
    expect(await rules(file, "import { MODES } from '../modes';\nexport const x = MODES;\n")).toEqual([]);
  });

  it('shells never import each other; each may import the worker, the core and the contract', async () => {
    const cases: Array<[string, string]> = [
      ['electron/cli/planted.ts', '../serve/command'],
      ['electron/cli/planted.ts', '../main/app'],
      ['electron/serve/planted.ts', '../cli/main'],
      ['electron/main/planted.ts', '../serve/server'],
      ['electron/main/planted.ts', '../preload/api'],
      ['electron/preload/planted.ts', '../core/modes'],
      ['electron/worker/planted.ts', '../serve/server'],
    ];
    for (const [file, target] of cases) {
      expect(
        await rules(file, `import * as m from '${target}';\nexport const x = m;\n`),
        `${file} -> ${target}`,
      ).toEqual(['layers/allowed-imports']);
    }
    // The CLI's own main.ts is not the desktop shell's main: paths are resolved, not matched as text.
    expect(
      await rules('electron/cli/planted.ts', "import { main } from './main';\nexport const x = main;\n"),
    ).toEqual([]);
    expect(
      await rules(
        'electron/serve/planted.ts',
        "import * as w from '../worker/worker-backend';\nexport const x = w;\n",
      ),
    ).toEqual([]);
    expect(
      await rules(
        'electron/bin/planted.ts',
        "import * as s from '../serve/command';\nimport * as c from '../cli/main';\nexport const x = [s, c];\n",
      ),
    ).toEqual([]);
  });

  it('only the desktop shell imports Electron', async () => {
    const code = "import { app } from 'electron';\nexport const a = app;\n";
    for (const file of [
      'electron/core/service/planted.ts',
      'electron/cli/planted.ts',
      'electron/serve/planted.ts',
      'electron/worker/planted.ts',
    ]) {
      expect(await rules(file, code), file).toEqual(['no-restricted-imports']);
    }
    expect(await rules('electron/main/planted.ts', code)).toEqual([]);
  });

  it('a file in a folder that no layer lists is reported', async () => {
    const msgs = await problems('electron/extras/planted.ts', 'export const x = 1;\n');
    expect(msgs.map((m) => m.rule)).toEqual(['layers/allowed-imports']);
    expect(msgs[0]?.message).toMatch(/electron\/extras\/planted\.ts is in no layer/);
  });
});

describe('the contract', () => {
  const file = 'electron/contract/index.ts';

  it('imports types only, from itself: nothing at run time, nothing from the model or a package', async () => {
    expect(
      await rules(file, "import type { ResultFile } from './result-file';\nexport type R = ResultFile;\n"),
    ).toEqual([]);
    expect(
      await rules(
        file,
        "import type { ResultFile } from '../model/results/schema';\nexport type R = ResultFile;\n",
      ),
    ).toEqual(['layers/allowed-imports']);
    expect(
      await rules(
        file,
        "import { ResultFileSchema } from '../model/results/schema';\nexport const s = ResultFileSchema;\n",
      ),
    ).toEqual(['layers/allowed-imports', 'no-restricted-imports']);
    expect(await rules(file, "import { z } from 'zod';\nexport const s = z.string();\n")).toEqual([
      'no-restricted-imports',
    ]);
  });
});

describe('the renderer', () => {
  const file = 'renderer/views/Planted.vue';
  const vue = (script: string) =>
    `<script setup lang="ts">\n${script}</script>\n\n<template><p>x</p></template>\n`;

  it('never imports Node, Electron, a shell, the worker or the Node-only core', async () => {
    for (const target of [
      'node:path',
      'path',
      'electron',
      '../../electron/serve/server',
      '../../electron/worker/protocol',
      '../../electron/core/results/io',
    ]) {
      expect(
        await rules(file, vue(`import * as m from '${target}';\nconsole.log(m);\n`)),
        target,
      ).not.toEqual([]);
    }
    expect(await rules(file, vue('console.log(process.env.HOME);\n'))).toEqual(['no-restricted-globals']);
  });

  it('may import the model and the contract', async () => {
    expect(
      await rules(
        file,
        vue(
          "import { MODES } from '../../electron/model/modes';\nimport type { RunRequest } from '../../electron/contract';\nconst r: RunRequest | null = null;\nconsole.log(MODES, r);\n",
        ),
      ),
    ).toEqual([]);
  });
});

describe('the figure pipeline', () => {
  it('the CLI may import it, but no other part of the renderer', async () => {
    const cli = 'electron/cli/planted.ts';
    expect(
      await rules(cli, "import * as f from '../../renderer/figures/figure';\nexport const x = f;\n"),
    ).toEqual([]);
    for (const target of ['../../renderer/views/RunView.vue', '../../renderer/stores/results']) {
      expect(await rules(cli, `import * as m from '${target}';\nexport const x = m;\n`), target).toEqual([
        'layers/allowed-imports',
      ]);
    }
  });

  it('imports no Vue-side renderer file and no Node', async () => {
    const file = 'renderer/figures/planted.ts';
    expect(await rules(file, "import * as s from '../stores/results';\nexport const x = s;\n")).toEqual([
      'layers/allowed-imports',
    ]);
    expect(await rules(file, "import path from 'node:path';\nexport const x = path;\n")).not.toEqual([]);
    expect(
      await rules(file, "import { numberFormat } from './numbers';\nexport const x = numberFormat;\n"),
    ).toEqual([]);
    expect(await rules(file, "export const f = () => import('node:fs');\n")).toEqual([
      'no-restricted-syntax',
    ]);
    expect(await rules(file, "import { Chart } from 'chart.js';\nexport const c = Chart;\n")).toEqual([]);
    expect(
      await rules(file, "import { createPinia } from 'pinia';\nexport const p = createPinia;\n"),
    ).toEqual(['no-restricted-imports']);
  });
});

describe("the desktop app's entry", () => {
  it('may put the desktop shell, the CLI and the browser shell together; the Node entry may not use Electron', async () => {
    expect(
      await rules(
        'electron/bin/desktop.ts',
        "import { app } from 'electron';\nimport * as d from '../main/app';\nimport * as s from '../serve/command';\nexport const x = [app, d, s];\n",
      ),
    ).toEqual([]);
    expect(
      await rules('electron/bin/planted.ts', "import { app } from 'electron';\nexport const a = app;\n"),
    ).not.toEqual([]);
    expect(
      await rules('electron/bin/planted.ts', "import * as d from '../main/app';\nexport const x = d;\n"),
    ).toEqual(['layers/allowed-imports']);
  });
});

describe('short units (CONTRIBUTING.md#short-units)', () => {
  /** The severity (2: error) of each short-units report on `code` linted as `file`. */
  async function shortUnits(file: string, code: string): Promise<Array<{ rule: string; severity: number }>> {
    const [result] = await eslint.lintText(code, { filePath: path.join(root, file) });
    return (result?.messages ?? [])
      .filter((m) => m.ruleId?.startsWith('max-lines'))
      .map((m) => ({ rule: m.ruleId!, severity: m.severity }));
  }
  const fn = (lines: number) =>
    `export function f(): number {\n${'  void 0;\n'.repeat(lines - 3)}  return 1;\n}\n`;

  it('fail lint on a function over 80 lines and a file over 400, not at the limits', async () => {
    expect(await shortUnits('electron/core/measure/run.ts', fn(80))).toEqual([]);
    expect(await shortUnits('electron/core/measure/run.ts', fn(81))).toEqual([
      { rule: 'max-lines-per-function', severity: 2 },
    ]);
    const lines = (n: number) => 'export const x = 1;\n' + '// a line\n'.repeat(n - 1);
    expect(await shortUnits('renderer/stores/results.ts', lines(400))).toEqual([]);
    expect(await shortUnits('renderer/stores/results.ts', lines(401))).toEqual([
      { rule: 'max-lines', severity: 2 },
    ]);
  });

  it('leave the word catalogues, tables of data, alone', async () => {
    expect(await shortUnits('electron/model/words/en/ui.ts', fn(120))).toEqual([]);
  });
});
