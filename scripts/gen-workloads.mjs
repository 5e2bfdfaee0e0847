// Writes the TypeScript mirrors of what the kernels and the mode modules state, so that nothing is listed twice:
//   electron/model/modes/workload-facts.generated.ts  each workload's default Δ and smoke launch, read from the
//                                                      `kItems[]` entries of kernels/*.cu (no nvcc needed)
//   electron/model/modes/all.generated.ts              MODES: every mode module's exported ModeDefinition(s)
// `node scripts/gen-workloads.mjs` (npm run gen) writes them; `--check` writes nothing and exits 1 naming each file
// that is not current. `--root DIR` works on another checkout (the recipe test's temporary copy).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import prettier from 'prettier';

const REPO = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const FACTS_FILE = 'electron/model/modes/workload-facts.generated.ts';
export const MODES_FILE = 'electron/model/modes/all.generated.ts';
/** kernels/sb_abi.h sb_smoke_shape's fields, in order, with their TypeScript names (addon-types.ts NativeSmokeShape). */
const SMOKE_FIELDS = [
  ['grid_blocks', 'gridBlocks'],
  ['threads_per_block', 'threadsPerBlock'],
  ['cluster_size', 'clusterSize'],
  ['cluster_attribute', 'clusterAttribute'],
  ['dynamic_smem_bytes', 'dynamicSmemBytes'],
  ['param', 'param'],
];

/** The index just past the brace that closes the one at `open`, skipping string literals and comments. */
function closingBrace(src, open) {
  let depth = 0;
  for (let i = open; i < src.length; i++) {
    const c = src[i];
    if (c === '"') {
      for (i++; src[i] !== '"'; i++) if (src[i] === '\\') i++;
    } else if (c === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i) + 1;
    } else if (c === '/' && src[i + 1] === '/') {
      i = src.indexOf('\n', i);
    } else if (c === '{') {
      depth++;
    } else if (c === '}' && --depth === 0) {
      return i + 1;
    }
  }
  throw new Error(`unbalanced braces after offset ${open}`);
}

/** One entry's `.smoke = {...}` as numbers (absent fields 0), or all zeros when the entry has none. */
function smokeOf(info, where) {
  const at = info.search(/\.smoke\s*=\s*\{/);
  const shape = Object.fromEntries(SMOKE_FIELDS.map(([, ts]) => [ts, ts === 'clusterAttribute' ? false : 0]));
  if (at < 0) return shape;
  const open = info.indexOf('{', at);
  const body = info.slice(open + 1, closingBrace(info, open) - 1).replace(/\/\*[\s\S]*?\*\//g, '');
  for (const part of body
    .split(',')
    .map((p) => p.trim())
    .filter(Boolean)) {
    const m = /^\.(\w+)\s*=\s*(\d+)$/.exec(part);
    const field = m && SMOKE_FIELDS.find(([c]) => c === m[1]);
    if (!field)
      throw new Error(
        `${where}: .smoke field '${part}' is not '.<${SMOKE_FIELDS.map(([c]) => c).join('|')}> = <integer>'`,
      );
    shape[field[1]] = field[1] === 'clusterAttribute' ? Number(m[2]) !== 0 : Number(m[2]);
  }
  return shape;
}

/**
 * Every workload of kernels/*.cu in file-name order: { id, file, deltaIters, smoke }. Throws naming the file and id
 * of an entry whose `.delta_iters` is missing, not an integer literal, or not > 0, and of an id given twice.
 */
export function readKernelFacts(root = REPO) {
  const dir = path.join(root, 'kernels');
  const facts = [];
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.cu'))
    .sort()) {
    const src = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of src.matchAll(/\.info\s*=\s*\{\s*\.id\s*=\s*"(\w+)"/g)) {
      const open = src.indexOf('{', m.index);
      const info = src.slice(open, closingBrace(src, open));
      const where = `kernels/${file}: workload '${m[1]}'`;
      const delta = /\.delta_iters\s*=\s*([^,}\s]+)/.exec(info);
      if (!delta || !/^\d+$/.test(delta[1]) || Number(delta[1]) <= 0) {
        throw new Error(`${where} needs .delta_iters = <integer > 0> (got ${delta ? delta[1] : 'none'})`);
      }
      if (facts.some((f) => f.id === m[1])) throw new Error(`${where}: the id is defined twice`);
      facts.push({ id: m[1], file, deltaIters: Number(delta[1]), smoke: smokeOf(info, where) });
    }
  }
  return facts;
}

/**
 * Every exported ModeDefinition (`export const x: ModeDefinition` or `ModeDefinition[]`) of the mode modules, by
 * module name.
 * @returns {{ module: string; name: string; list: boolean }[]}
 */
export function readModeExports(root = REPO) {
  const dir = path.join(root, 'electron/model/modes');
  const found = [];
  for (const file of fs.readdirSync(dir).sort()) {
    if (!file.endsWith('.ts') || file.endsWith('.generated.ts') || file === 'index.ts') continue;
    const src = fs.readFileSync(path.join(dir, file), 'utf8');
    for (const m of src.matchAll(/^export const (\w+): ModeDefinition(\[\])? =/gm)) {
      found.push({ module: file.slice(0, -3), name: String(m[1]), list: m[2] === '[]' });
    }
  }
  return found.sort((a, b) => (a.module < b.module ? -1 : a.module > b.module ? 1 : 0));
}

const HEADER = '// Generated by scripts/gen-workloads.mjs (npm run gen); do not edit.\n';

function renderFacts(facts) {
  const rows = facts.map((f) => {
    const set = SMOKE_FIELDS.filter(([, ts]) => f.smoke[ts]).map(([, ts]) => `${ts}: ${f.smoke[ts]}`);
    return `  ${f.id}: { deltaIters: ${f.deltaIters}, smoke: { ${set.join(', ')} } },\n`;
  });
  return (
    HEADER +
    "import type { NativeSmokeShape } from '../native/addon-types';\n\n" +
    '/**\n' +
    ' * Each workload as its kernel table entry states it (kernels/*.cu `kItems[]`, kernels/sb_abi.h\n' +
    ' * sb_workload_info): `deltaIters`, the default extra iterations of the long run\n' +
    ' * (docs/methods.md#the-difference-method), and `smoke`, the self-test\u2019s tiny launch (the fields it sets;\n' +
    ' * the others are 0: the defaults).\n' +
    ' */\n' +
    'export const WORKLOAD_FACTS: Readonly<\n  Record<string, { deltaIters: number; smoke: Partial<NativeSmokeShape> }>\n> = {\n' +
    rows.join('') +
    '};\n'
  );
}

function renderModes(modes) {
  const imports = modes.map((m) => `import { ${m.name} } from './${m.module}';\n`).join('');
  const items = modes.map((m) => `  ${m.list ? '...' : ''}${m.name},\n`).join('');
  return (
    HEADER +
    imports +
    "import type { ModeDefinition } from './types';\n\n" +
    '/** Every mode module\u2019s ModeDefinition, in the order of their `rank` (the CLI\u2019s `modes`, the Run view). */\n' +
    'export const MODES: ModeDefinition[] = [\n' +
    items +
    '].sort((a, b) => a.rank - b.rank);\n'
  );
}

/** The generated files' paths and contents for the checkout at `root`, formatted by the repository's Prettier. */
export async function generate(root = REPO) {
  const files = [
    { file: FACTS_FILE, text: renderFacts(readKernelFacts(root)) },
    { file: MODES_FILE, text: renderModes(readModeExports(root)) },
  ];
  const options = (await prettier.resolveConfig(path.join(REPO, FACTS_FILE))) ?? {};
  for (const f of files) f.text = await prettier.format(f.text, { ...options, parser: 'typescript' });
  return files;
}

async function main(argv) {
  const check = argv.includes('--check');
  const rootAt = argv.indexOf('--root');
  const root = rootAt >= 0 ? path.resolve(argv[rootAt + 1] ?? '') : REPO;
  const stale = [];
  for (const { file, text } of await generate(root)) {
    const target = path.join(root, file);
    const now = fs.existsSync(target) ? fs.readFileSync(target, 'utf8') : null;
    if (now === text) continue;
    if (check) stale.push(file);
    else fs.writeFileSync(target, text);
  }
  if (stale.length) {
    console.error(
      `gen-workloads: not current: ${stale.join(', ')}; run npm run gen (node scripts/gen-workloads.mjs)`,
    );
    process.exit(1);
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main(process.argv.slice(2)).catch((err) => {
    console.error(`gen-workloads: ${err.message}`);
    process.exit(1);
  });
}
