/**
 * The packaging configuration (build/electron-builder.yml), checked without Electron's binary: electron-builder's
 * own loader and schema accept it, everything it lists exists after a build (or comes from a build script listed
 * in `npm run build`), and native code is unpacked from the asar.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { minimatch } from 'minimatch';
import { beforeAll, describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CONFIG = path.join(root, 'build', 'electron-builder.yml');
const ADDON = 'native/build/Release/syncbench.node';
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  main: string;
  scripts: Record<string, string>;
};

type FileSet = { from: string; to: string };
interface Config {
  /** Strings, or (as electron-builder's loader normalizes them) file sets with a `filter` list. */
  files: Array<string | { filter?: string[] }>;
  asar: boolean;
  asarUnpack: string[];
  extraResources: FileSet[];
  linux: { target: string[] };
  win: { target: string[] };
  mac: { target: string[] };
}

function listFiles(dir: string, base = dir): string[] {
  if (!existsSync(dir)) return [];
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const full = path.join(dir, e.name);
    if (e.name === 'node_modules' || e.name === '.git') return [];
    return e.isDirectory() ? listFiles(full, base) : [path.relative(base, full).split(path.sep).join('/')];
  });
}

describe('build/electron-builder.yml', () => {
  let config: Config;
  let patterns: string[];

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/bundle.mjs', 'electron'], { cwd: root, stdio: 'ignore' });
    config = (await getConfig(root, CONFIG, null)) as unknown as Config;
    patterns = config.files.flatMap((f) => (typeof f === 'string' ? [f] : (f.filter ?? [])));
  }, 120_000);

  it("is accepted by electron-builder's own loader and schema", async () => {
    await expect(validateConfiguration(config as never, new DebugLogger(false))).resolves.toBeUndefined();
  });

  it('targets AppImage and deb, NSIS, and dmg', () => {
    expect(config.linux.target).toEqual(['AppImage', 'deb']);
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
  });

  it('ships the entry points of the app: main, preload, the measuring process', () => {
    const shipped = listFiles(root).filter((f) => {
      const included = patterns.filter((p) => !p.startsWith('!')).some((p) => minimatch(f, p));
      return included && !patterns.filter((p) => p.startsWith('!')).some((p) => minimatch(f, p.slice(1)));
    });
    for (const file of [pkg.main, 'dist/electron/preload.cjs', 'dist/worker.js', 'package.json']) {
      expect(shipped).toContain(file);
    }
    expect(shipped.some((f) => f.endsWith('.map'))).toBe(false);
  });

  it('lists only paths that exist after a build, or that a script of `npm run build` produces', () => {
    const buildChain = pkg.scripts.build!;
    for (const pattern of patterns.filter((p) => !p.startsWith('!'))) {
      if (pattern === ADDON) {
        expect(buildChain).toContain('build:native');
        const nvcc = spawnSync('nvcc', ['--version']).status === 0;
        if (nvcc) expect(existsSync(path.join(root, ADDON))).toBe(true);
        continue;
      }
      expect(
        listFiles(root).some((f) => minimatch(f, pattern)),
        pattern,
      ).toBe(true);
    }
    for (const set of config.extraResources)
      expect(existsSync(path.join(root, set.from)), set.from).toBe(true);
    expect(existsSync(path.join(root, 'resources', 'decision', 'decision-table.json'))).toBe(true);
    expect(pkg.scripts.dist).toContain('--config build/electron-builder.yml');
  });

  it('unpacks the native addon and the process that loads it from the asar', () => {
    expect(config.asar).toBe(true);
    const unpacked = (f: string) =>
      config.asarUnpack.some((p) => minimatch(f, p, { matchBase: !p.includes('/') }));
    expect(unpacked(ADDON)).toBe(true);
    expect(unpacked('dist/worker.js')).toBe(true);
    // Unpacked, the worker is outside the asar's package.json: its own says it is an ES module.
    expect(unpacked('dist/package.json')).toBe(true);
    expect(JSON.parse(readFileSync(path.join(root, 'dist', 'package.json'), 'utf8'))).toEqual({
      type: 'module',
    });
    expect(unpacked('dist/electron/main.js')).toBe(false);
  });
});
