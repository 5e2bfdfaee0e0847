/**
 * The words' one home and one naming scheme (electron/model/words/index.ts): every locale supplies the same keys of
 * every area, every file is `<area>.ts`, `en/<area>.ts` or `zh-CN/<area>.ts` with the one export `<AREA>_<LOCALE>`,
 * and a words file imports only contract types and other words files.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { SCOPES } from '../../../electron/model/decide/types';
import { MODES } from '../../../electron/model/modes';
import { RING_SLOTS } from '../../../electron/model/modes/cluster-arrive';
import { WORDS } from '../../../electron/model/words';

const ROOT = path.resolve(__dirname, '../../../electron/model/words');
const CONTRACT = path.resolve(ROOT, '../../contract');
const LOCALE_DIRS = { en: 'EN', 'zh-CN': 'ZH_CN' } as const;
/** The host area keeps its long-standing export names (HOST_TEXT_EN, HOST_TEXT_ZH_CN: some 50 importers). */
const EXPORT_AREA: Record<string, string> = { host: 'HOST_TEXT' };
/** Every key path of `value`, functions and strings as leaves. */
function keyPaths(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keyPaths(v, prefix ? `${prefix}.${k}` : k));
}

function wordsFiles(dir = ROOT, rel = ''): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((e) =>
    e.isDirectory() ? wordsFiles(path.join(dir, e.name), `${rel}${e.name}/`) : [`${rel}${e.name}`],
  );
}

/**
 * Keys one locale leaves out on purpose: the English desktop menus keep Electron's own role labels (menu.test.ts),
 * so only another language words them.
 */
const LOCALE_ONLY = (area: string, key: string) => area === 'shell' && key.startsWith('menu.roles.');

const upper = (area: string) => area.toUpperCase().replaceAll('-', '_');

describe('the words of every locale', () => {
  it('have the same keys in every area', () => {
    const areas = Object.keys(WORDS.en) as (keyof typeof WORDS.en)[];
    expect(Object.keys(WORDS['zh-CN']).sort()).toEqual([...areas].sort());
    for (const area of areas.filter((a) => a !== 'modes' && a !== 'axisLabels')) {
      const keys = (locale: 'en' | 'zh-CN') =>
        keyPaths(WORDS[locale][area])
          .filter((key) => !LOCALE_ONLY(area, key))
          .sort();
      expect(keys('zh-CN'), area).toEqual(keys('en'));
    }
  });

  it('translate every mode (English is the mode’s own ModeInfo) and every scope', () => {
    expect(Object.keys(WORDS.en.modes)).toEqual([]);
    expect(Object.keys(WORDS['zh-CN'].modes).sort()).toEqual(MODES.map((m) => m.info.id).sort());
    for (const locale of ['en', 'zh-CN'] as const)
      expect(Object.keys(WORDS[locale].decide.scopes).sort(), locale).toEqual([...SCOPES].sort());
    // The Chinese cluster_arrive text writes the ring's slot count: it must be the mode's.
    expect(
      WORDS['zh-CN'].modes.cluster_arrive!.notes.join('') +
        JSON.stringify(WORDS['zh-CN'].modes.cluster_arrive),
    ).toContain(`${RING_SLOTS} 个`);
  });
});

describe('the words folder', () => {
  const files = wordsFiles();

  it('holds only <area>.ts, en/<area>.ts and zh-CN/<area>.ts, a locale file exporting <AREA>_<LOCALE> alone', () => {
    const bad: string[] = [];
    for (const file of files) {
      const m = /^(?:(en|zh-CN)\/)?([a-z]+(?:-[a-z]+)*)\.ts$/.exec(file);
      if (!m) {
        bad.push(`${file}: not <area>.ts under words/, en/ or zh-CN/`);
        continue;
      }
      const [, locale, area] = m;
      if (!locale) continue;
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      const exported = [...source.matchAll(/^export (?:const|function|let|class|default|\{)\s*(\w*)/gm)].map(
        (e) => e[1],
      );
      const want = `${EXPORT_AREA[area!] ?? upper(area!)}_${LOCALE_DIRS[locale as keyof typeof LOCALE_DIRS]}`;
      if (exported.length !== 1 || exported[0] !== want)
        bad.push(`${file}: exports ${exported.join(', ')}, not ${want}`);
    }
    expect(bad).toEqual([]);
  });

  it('is leaves: a words file imports only contract types and other words files', () => {
    const outside: string[] = [];
    for (const file of files) {
      const source = readFileSync(path.join(ROOT, file), 'utf8');
      for (const [, spec] of source.matchAll(/^import [^;]*? from '([^']+)';/gms)) {
        const target = path.resolve(path.dirname(path.join(ROOT, file)), spec!);
        const inside = target.startsWith(ROOT) || target === CONTRACT || target.startsWith(`${CONTRACT}/`);
        if (!inside) outside.push(`${file} → ${spec}`);
      }
    }
    expect(outside).toEqual([]);
  });

  it('has its comments in English', () => {
    // A comment line whose words are Chinese beyond a term and its gloss: three or more Han runs.
    const chinese = files.flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .filter((line) => /^\s*(\/\/|\/\*\*|\*)/.test(line))
        .filter((line) => (line.match(/[\u4e00-\u9fff]+/g) ?? []).length >= 8)
        .map((line) => `${file}: ${line.trim()}`),
    );
    expect(chinese).toEqual([]);
  });
});
