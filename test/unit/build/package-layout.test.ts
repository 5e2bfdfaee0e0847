/**
 * What `npm run dist` would ship, checked by packaging it: electron-builder runs build/electron-builder.yml for
 * `--linux dir` against a stand-in Electron folder (`electronDist`; the real binary cannot be downloaded here) whose
 * "binary" carries Electron's fuse wire with Electron's default states, then the app folder is inspected: the asar
 * layout (addon and measuring process unpacked, resources inside, docs beside), the fuses as flipped by
 * electron-builder's @electron/fuses step, and the `syncbench` launcher.
 */
import { execFileSync } from 'node:child_process';
import {
  chmodSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import asar from '@electron/asar';
import { FuseV1Options, getCurrentFuseWire } from '@electron/fuses';
import { getConfig } from 'app-builder-lib/out/util/config/config.js';
import { Arch, build, Platform, type Configuration } from 'electron-builder';
import { beforeAll, describe, expect, it } from 'vitest';

import { CLI_FLAG } from '../../../electron/main/cli-mode';
// @ts-expect-error -- a plain .mjs script without type declarations
import * as sources from '../../../scripts/native-sources.mjs';

const { nativeSourceHash } = sources as { nativeSourceHash(root: string): string };

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const ADDON = 'native/build/Release/syncbench.node';
const SENTINEL = 'dL7pKGdnNz796PbbjQWNKmHXBZaB9tsX';
/** Electron 40's fuse wire as it ships: RunAsNode, cookies, NODE_OPTIONS, inspect, integrity, asar-only, V8, file. */
const ELECTRON_DEFAULT_WIRE = '10110001';

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

let appDir: string;
let archive: string;
let addonStandIn = false;

beforeAll(async () => {
  execFileSync(process.execPath, ['scripts/bundle.mjs', 'electron'], { cwd: root, stdio: 'ignore' });
  const config = (await getConfig(
    root,
    path.join(root, 'build', 'electron-builder.yml'),
    null,
  )) as Configuration & {
    files: unknown[];
  };
  const out = mkdtempSync(path.join(os.tmpdir(), 'sb-package-'));
  const files = [...config.files];
  if (!existsSync(path.join(root, ADDON))) {
    // Without nvcc there is no addon; a stand-in file checks where it would go.
    const fake = mkdtempSync(path.join(os.tmpdir(), 'sb-addon-'));
    writeFileSync(path.join(fake, 'syncbench.node'), 'stand-in addon');
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

describe('the packaged app (electron-builder --linux dir)', () => {
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
    for (const file of [ADDON, 'dist/worker.js', 'dist/package.json']) {
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
