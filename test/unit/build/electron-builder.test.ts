/**
 * The packaging configuration (build/electron-builder.yml), checked without Electron's binary: electron-builder's
 * own loader and schema accept it, everything it lists exists after a build (or comes from a build script listed
 * in `npm run build`), native code is unpacked from the asar, and the installers are what a packager expects
 * (targets and arches, artifact names, icons, file association, the `syncbench` command). package-layout.test.ts
 * packages it for real.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { minimatch } from 'minimatch';
import { beforeAll, describe, expect, it } from 'vitest';

import { RESULT_FILE_EXTENSION, RESULT_MIME_TYPE } from '../../../electron/main/open-files';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const CONFIG = path.join(root, 'build', 'electron-builder.yml');
const ADDON = 'native/build/Release/syncbench.node';
const pkg = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')) as {
  name: string;
  version: string;
  main: string;
  desktopName: string;
  author: { name: string; email: string };
  scripts: Record<string, string>;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
};

type FileSet = { from: string; to: string };
interface Config {
  /** Strings, or (as electron-builder's loader normalizes them) file sets with a `filter` list. */
  files: Array<string | { filter?: string[] }>;
  asar: boolean;
  asarUnpack: string[];
  extraResources: FileSet[];
  executableName: string;
  artifactName: string;
  fileAssociations: Array<{ ext: string; mimeType: string; name: string }>;
  linux: {
    target: Array<{ target: string; arch: string[] }>;
    icon: string;
    maintainer: string;
    extraResources: FileSet[];
  };
  deb: { afterInstall: string; afterRemove: string };
  rpm: { afterInstall: string; afterRemove: string };
  win: { target: string[]; icon: string };
  mac: { target: string[]; icon: string };
  dmg: { title: string; contents: Array<{ type?: string; path?: string }> };
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

  it('targets AppImage, deb and rpm for x64 and arm64, NSIS, and dmg', () => {
    expect(config.linux.target).toEqual(
      ['AppImage', 'deb', 'rpm'].map((target) => ({ target, arch: ['x64', 'arm64'] })),
    );
    expect(config.win.target).toEqual(['nsis']);
    expect(config.mac.target).toEqual(['dmg']);
  });

  it('names artifacts without spaces, and the package has its desktop name, author and maintainer email', () => {
    const name = config.artifactName
      .replace('${version}', pkg.version)
      .replace('${arch}', 'x86_64')
      .replace('${ext}', 'AppImage');
    expect(name).toBe('sync-workbench-0.1.0-x86_64.AppImage');
    expect(config.artifactName).not.toMatch(/\s|\$\{productName\}/);
    expect(config.executableName).toBe('sync-workbench');
    expect(pkg.desktopName).toBe(`${config.executableName}.desktop`);
    expect(pkg.author.email).toMatch(/^[^@\s]+@[^@\s]+\.[a-z]+$/);
    expect(config.linux.maintainer).toContain(`<${pkg.author.email}>`);
  });

  it('uses the icons rendered from build/icon.svg for every platform', () => {
    expect(existsSync(path.join(root, 'build', 'icon.svg'))).toBe(true);
    const sizes = readdirSync(path.join(root, config.linux.icon)).map((f) => /^(\d+)x\1\.png$/.exec(f)?.[1]);
    expect(sizes.map(Number).sort((a, b) => a - b)).toEqual([16, 24, 32, 48, 64, 128, 256, 512]);
    const png = readFileSync(path.join(root, config.linux.icon, '512x512.png'));
    expect(png.readUInt32BE(16)).toBe(512); // the PNG's IHDR width
    expect(readFileSync(path.join(root, config.win.icon)).readUInt16LE(2)).toBe(1); // ICO type: icon
    expect(readFileSync(path.join(root, config.mac.icon)).subarray(0, 4).toString()).toBe('icns');
    expect(existsSync(path.join(root, 'scripts', 'make-icons.mjs'))).toBe(true);
  });

  it('registers result files (.syncbench.json) with their MIME type', () => {
    expect(config.fileAssociations).toEqual([
      expect.objectContaining({ ext: RESULT_FILE_EXTENSION.slice(1), mimeType: RESULT_MIME_TYPE }),
    ]);
  });

  it('puts `syncbench` on the PATH with the deb and rpm, and removes only its own link', () => {
    expect(config.linux.extraResources).toEqual([{ from: 'build/linux/syncbench', to: 'bin/syncbench' }]);
    for (const target of [config.deb, config.rpm]) {
      const install = readFileSync(path.join(root, target.afterInstall), 'utf8');
      expect(install).toContain(
        "ln -sf '/opt/${sanitizedProductName}/resources/bin/syncbench' '/usr/bin/syncbench'",
      );
      // electron-builder's own steps are kept (the app's link, the sandbox, MIME and desktop databases).
      expect(install).toContain("'/usr/bin/${executable}'");
      expect(install).toContain('update-mime-database');
      const remove = readFileSync(path.join(root, target.afterRemove), 'utf8');
      expect(remove).toMatch(/readlink '\/usr\/bin\/syncbench'.*\n\s+rm -f '\/usr\/bin\/syncbench'/);
    }
  });

  it('says plainly in the dmg that macOS has no CUDA', () => {
    expect(config.dmg.title).toMatch(/no CUDA on macOS/);
    const readme = config.dmg.contents.find((c) => c.type === 'file')!.path!;
    expect(readFileSync(path.join(root, readme), 'utf8')).toMatch(
      /macOS has no CUDA[\s\S]*replays[\s\S]*reports[\s\S]*wizard/,
    );
  });

  it('keeps build-time packages out of the runtime dependencies', () => {
    for (const dev of ['csv-parse', 'node-addon-api', 'cmake-js', 'electron', 'electron-builder']) {
      expect(pkg.dependencies[dev], dev).toBeUndefined();
      expect(pkg.devDependencies[dev], dev).toBeDefined();
    }
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
    for (const set of [...config.extraResources, ...config.linux.extraResources])
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
