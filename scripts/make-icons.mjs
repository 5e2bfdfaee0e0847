// Renders the app icon's one source, build/icon.svg, into what electron-builder needs (`node scripts/make-icons.mjs`;
// the outputs are committed, so packaging needs no image tools):
//   build/icons/<N>x<N>.png  Linux (AppImage, deb, rpm: hicolor sizes 16..512) and the window icon
//   build/icon.ico           Windows (NSIS installer and the .exe), 16..256
//   build/icon.icns          macOS (dmg and the .app), 16..1024
// icon-gen (https://github.com/akabekobeko/npm-icon-gen) renders the SVG with sharp and writes the ICO/ICNS containers.
import { mkdirSync, mkdtempSync, readdirSync, renameSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

import icongen from 'icon-gen';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const build = path.join(root, 'build');
const source = path.join(build, 'icon.svg');
const LINUX_SIZES = [16, 24, 32, 48, 64, 128, 256, 512];

await icongen(source, build, {
  report: false,
  ico: { name: 'icon', sizes: [16, 24, 32, 48, 64, 128, 256] },
  icns: { name: 'icon', sizes: [16, 32, 64, 128, 256, 512, 1024] },
});

// icon-gen writes PNGs only as favicons (`<prefix><N>.png`); they are renamed to the `<N>x<N>.png` that
// electron-builder's Linux targets read sizes from.
const tmp = mkdtempSync(path.join(os.tmpdir(), 'syncbench-icons-'));
await icongen(source, tmp, {
  report: false,
  favicon: { name: 'icon-', pngSizes: LINUX_SIZES, icoSizes: [] },
});
const icons = path.join(build, 'icons');
rmSync(icons, { recursive: true, force: true });
mkdirSync(icons, { recursive: true });
for (const file of readdirSync(tmp)) {
  const size = /^icon-(\d+)\.png$/.exec(file)?.[1];
  if (size) renameSync(path.join(tmp, file), path.join(icons, `${size}x${size}.png`));
}
rmSync(tmp, { recursive: true, force: true });
console.log(
  `make-icons: wrote build/icon.ico, build/icon.icns and build/icons/{${LINUX_SIZES.join(',')}}px PNGs`,
);
