// electron-builder afterPack hook (build/electron-builder.yml): refuses a Linux package whose native addon was built
// for another CPU. native/build/Release/syncbench.node is built for the machine that ran `npm run build:native`, so
// packaging the arm64 targets on an x64 host would ship an x64 addon that no GH200 can load. Build each
// architecture's packages on a host of that architecture (`npm run dist -- --x64` / `-- --arm64`).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** ELF e_machine of each electron-builder Arch (builder-util's enum: ia32 0, x64 1, armv7l 2, arm64 3). */
const ELF_MACHINE = { 0: [0x03, 'ia32'], 1: [0x3e, 'x64'], 2: [0x28, 'armv7l'], 3: [0xb7, 'arm64'] };
const MACHINE_NAME = { 0x03: 'ia32', 0x3e: 'x64', 0x28: 'armv7l', 0xb7: 'arm64' };

/**
 * Why `bytes` (a syncbench.node) cannot ship in a package for electron-builder arch `arch`, or null when it can.
 * @param {Buffer} bytes
 * @param {number} arch
 * @returns {string | null}
 */
export function addonArchProblem(bytes, arch) {
  const want = ELF_MACHINE[arch];
  if (!want) return null;
  if (bytes.length < 20 || bytes.readUInt32BE(0) !== 0x7f454c46 || bytes[5] !== 1) {
    return 'the native addon is not a little-endian ELF shared library';
  }
  const machine = bytes.readUInt16LE(18);
  if (machine === want[0]) return null;
  const built = MACHINE_NAME[machine] ?? `ELF machine 0x${machine.toString(16)}`;
  return (
    `the native addon was built for ${built}, but this package is for ${want[1]}: build the ${want[1]} packages on ` +
    `an ${want[1]} host (npm run build, then npm run dist -- --${want[1]})`
  );
}

/** @param {{ electronPlatformName: string, appOutDir: string, arch: number }} context */
export default async function afterPack(context) {
  if (context.electronPlatformName !== 'linux') return;
  const addon = path.join(
    context.appOutDir,
    'resources',
    'app.asar.unpacked',
    'native',
    'build',
    'Release',
    'syncbench.node',
  );
  if (!existsSync(addon)) return;
  const problem = addonArchProblem(readFileSync(addon), context.arch);
  if (problem) throw new Error(`Sync Workbench packaging: ${problem}.`);
}
