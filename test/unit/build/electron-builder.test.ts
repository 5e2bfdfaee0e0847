/**
 * The packaging configuration (build/electron-builder.yml), checked without Electron's binary: electron-builder's
 * own loader and schema accept it, everything it lists exists after a build (or comes from a build script listed
 * in `npm run build`), native code is unpacked from the asar, and the installers are what a packager expects
 * (targets and arches, artifact names, icons, file association, the `syncbench` command).
 *
 * What `npm run dist` would ship, checked by packaging it: electron-builder runs build/electron-builder.yml for
 * `--linux dir` against a stand-in Electron folder (`electronDist`; the real binary cannot be downloaded here) whose
 * "binary" carries Electron's fuse wire with Electron's default states, then the app folder is inspected: the asar
 * layout (addon and measuring process unpacked, resources inside, docs beside), the fuses as flipped by
 * electron-builder's @electron/fuses step, and the `syncbench` launcher.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import asar from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { getConfig, validateConfiguration } from 'app-builder-lib/out/util/config/config.js';
import { DebugLogger } from 'builder-util';
import { Arch, build, Platform, type Configuration } from 'electron-builder';
import { minimatch } from 'minimatch';
import { beforeAll, describe, expect, it } from 'vitest';

import * as afterPack from '../../../build/after-pack.mjs';
import { CLI_FLAG } from '../../../electron/main/cli-mode';
import { RESULT_FILE_EXTENSION, RESULT_MIME_TYPE } from '../../../electron/main/open-files';
import * as sources from '../../../scripts/native-sources.mjs';

const { nativeSourceHash } = sources as { nativeSourceHash(root: string): string };
const { addonArchProblem } = afterPack as { addonArchProblem(bytes: Buffer, arch: number): string | null };
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
    for (const dev of ['node-addon-api', 'cmake-js', 'electron', 'electron-builder']) {
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
    // A worker thread cannot load its script from inside the asar: the result-parsing thread's is unpacked.
    expect(unpacked('dist/electron/parse-worker.js')).toBe(true);
    // Unpacked, the worker is outside the asar's package.json: its own says it is an ES module.
    expect(unpacked('dist/package.json')).toBe(true);
    expect(JSON.parse(readFileSync(path.join(root, 'dist', 'package.json'), 'utf8'))).toEqual({
      type: 'module',
    });
    expect(unpacked('dist/electron/main.js')).toBe(false);
  });
});

const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron 40's fuse wire as it ships: RunAsNode, cookies, NODE_OPTIONS, inspect, integrity, asar-only, V8, file. */
const ELECTRON_DEFAULT_WIRE = '10110001';

/** The first bytes of a little-endian ELF shared library for `machine` (0x3e x86-64, 0xb7 aarch64). */
function elfHeader(machine: number): Buffer {
  const b = Buffer.alloc(64);
  b.writeUInt32BE(0x7f454c46, 0);
  b[4] = 2; // 64-bit
  b[5] = 1; // little-endian
  b.writeUInt16LE(3, 16); // ET_DYN
  b.writeUInt16LE(machine, 18);
  return b;
}

function standInElectron(): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'sb-electron-dist-'));
  const exe = path.join(dir, 'electron');
  writeFileSync(
    exe,
    Buffer.concat([
      Buffer.from('stand-in\0'),
      Buffer.from(SENTINEL),
      Buffer.from([1, 8]),
      Buffer.from(ELECTRON_DEFAULT_WIRE),
    ]),
  );
  chmodSync(exe, 0o755);
  for (const f of ['chrome-sandbox', 'LICENSE', 'LICENSES.chromium.html'])
    writeFileSync(path.join(dir, f), '');
  writeFileSync(path.join(dir, 'version'), '40.8.5');
  mkdirSync(path.join(dir, 'resources'));
  return dir;
}

describe('the packaged app (electron-builder --linux dir)', () => {
  // Packaged after the configuration checks above, in the same file: both write dist/ (bundle.mjs), which must not
  // change while electron-builder copies it.
  let appDir: string;
  let archive: string;
  let addonStandIn = false;

  beforeAll(async () => {
    execFileSync(process.execPath, ['scripts/bundle.mjs', 'electron'], { cwd: root, stdio: 'ignore' });
    const config = (await getConfig(root, CONFIG, null)) as Configuration & {
      files: unknown[];
    };
    const out = mkdtempSync(path.join(os.tmpdir(), 'sb-package-'));
    const files = [...config.files];
    if (!existsSync(path.join(root, ADDON))) {
      // Without nvcc there is no addon; a stand-in file checks where it would go.
      const fake = mkdtempSync(path.join(os.tmpdir(), 'sb-addon-'));
      writeFileSync(path.join(fake, 'syncbench.node'), elfHeader(0x3e));
      files.push({ from: fake, to: 'native/build/Release', filter: ['syncbench.node'] });
      addonStandIn = true;
    }
    await build({
      projectDir: root,
      targets: Platform.LINUX.createTarget('dir', Arch.x64),
      config: {
        ...config,
        files: files as never,
        electronDist: standInElectron(),
        electronVersion: '40.8.5',
        directories: { ...config.directories, output: out },
      },
      publish: 'never',
    });
    appDir = path.join(out, 'linux-unpacked');
    archive = path.join(appDir, 'resources', 'app.asar');
  }, 240_000);

  it('is the sync-workbench executable with the app in app.asar', () => {
    expect(existsSync(path.join(appDir, 'sync-workbench'))).toBe(true);
    const pkg = JSON.parse(asar.extractFile(archive, 'package.json').toString()) as Record<string, unknown>;
    expect(pkg).toMatchObject({
      name: 'sync-workbench',
      main: 'dist/electron/main.js',
      desktopName: 'sync-workbench.desktop',
    });
  });

  it('packs main, preload, the shipped resources and the window icon, and nothing else', () => {
    const listed = asar.listPackage(archive, { isPack: false }).map((p) =>
      p
        .replace(/^[\\/]/, '')
        .split(path.sep)
        .join('/'),
    );
    for (const file of [
      'dist/electron/main.js',
      'dist/electron/preload.cjs',
      'resources/decision/decision-table.json',
      'build/icons/256x256.png',
    ]) {
      expect(listed).toContain(file);
    }
    expect(listed.some((f) => f.startsWith('resources/reference/') && f.endsWith('.json'))).toBe(true);
    expect(listed.some((f) => f.endsWith('.map'))).toBe(false);
    expect(listed.some((f) => f.includes('node_modules'))).toBe(false);
    expect(listed.some((f) => /^(electron|renderer|kernels|native\/src|test)\//.test(f))).toBe(false);
  });

  it('unpacks the native addon and the measuring process (with its ES-module package.json)', () => {
    for (const file of [ADDON, 'dist/worker.js', 'dist/electron/parse-worker.js', 'dist/package.json']) {
      expect((asar.statFile(archive, file) as { unpacked?: boolean }).unpacked, file).toBe(true);
      expect(existsSync(path.join(appDir, 'resources', 'app.asar.unpacked', file)), file).toBe(true);
    }
    expect(
      (asar.statFile(archive, 'dist/electron/main.js') as { unpacked?: boolean }).unpacked,
    ).toBeUndefined();
    if (!addonStandIn) {
      const shipped = readFileSync(path.join(appDir, 'resources', 'app.asar.unpacked', ADDON));
      expect(shipped.equals(readFileSync(path.join(root, ADDON))), 'the addon is shipped as built').toBe(
        true,
      );
    }
  });

  it('bundles the CLI into main (for the launcher) and the source hash that refuses a stale addon', () => {
    const main = asar.extractFile(archive, 'dist/electron/main.js').toString();
    expect(main).toContain(JSON.stringify(CLI_FLAG));
    expect(main).toContain('serve the workbench to a browser');
    const hash = JSON.stringify(nativeSourceHash(root));
    expect(main).toContain(hash);
    const worker = readFileSync(
      path.join(appDir, 'resources', 'app.asar.unpacked', 'dist', 'worker.js'),
      'utf8',
    );
    expect(worker).toContain(hash);
  });

  it('refuses to package an addon built for another CPU (the afterPack hook)', () => {
    // 1 = x64, 3 = arm64 in electron-builder's Arch enum.
    expect(addonArchProblem(elfHeader(0x3e), 1)).toBeNull();
    expect(addonArchProblem(elfHeader(0xb7), 3)).toBeNull();
    expect(addonArchProblem(elfHeader(0x3e), 3)).toBe(
      'the native addon was built for x64, but this package is for arm64: build the arm64 packages on an arm64 host (npm run build, then npm run dist -- --arm64)',
    );
    expect(addonArchProblem(Buffer.from('not elf'), 1)).toMatch(/not a little-endian ELF/);
    if (!addonStandIn) {
      const arch = process.arch === 'arm64' ? 3 : 1;
      expect(addonArchProblem(readFileSync(path.join(root, ADDON)), arch), 'the addon built here').toBeNull();
    }
  });

  it('puts the documentation beside the asar as real files', () => {
    expect(existsSync(path.join(appDir, 'resources', 'docs', 'decision-engine.md'))).toBe(true);
    expect(existsSync(path.join(appDir, 'resources', 'docs', 'gpu-host.md'))).toBe(true);
  });

  it('flips the fuses: no RunAsNode, NODE_OPTIONS or inspect; asar integrity and asar-only on', async () => {
    const wire = (await getCurrentFuseWire(path.join(appDir, 'sync-workbench'))) as Record<number, number>;
    const state = (fuse: FuseV1Options) => String.fromCharCode(wire[fuse]!);
    expect(state(FuseV1Options.RunAsNode)).toBe('0');
    expect(state(FuseV1Options.EnableNodeOptionsEnvironmentVariable)).toBe('0');
    expect(state(FuseV1Options.EnableNodeCliInspectArguments)).toBe('0');
    expect(state(FuseV1Options.EnableEmbeddedAsarIntegrityValidation)).toBe('1');
    expect(state(FuseV1Options.OnlyLoadAppFromAsar)).toBe('1');
  });

  it('ships the executable `syncbench` launcher, which runs the app binary in CLI mode (not as Node)', () => {
    const launcher = path.join(appDir, 'resources', 'bin', 'syncbench');
    expect(statSync(launcher).mode & 0o111).toBe(0o111);
    const text = readFileSync(launcher, 'utf8');
    expect(text).toMatch(/^#!\/bin\/sh\n/);
    expect(text).toContain(
      `"$here/../../sync-workbench" --no-sandbox --ozone-platform=headless --disable-gpu ${CLI_FLAG} -- "$@"`,
    );
    expect(text).not.toMatch(/ELECTRON_RUN_AS_NODE/);
    // From resources/bin, ../../sync-workbench is the packaged executable.
    expect(existsSync(path.join(path.dirname(launcher), '..', '..', 'sync-workbench'))).toBe(true);
  });
});
