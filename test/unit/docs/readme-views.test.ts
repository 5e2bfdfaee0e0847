/** The README calls each view by the name the app's navigation shows, so a reader can find it. */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { UI_EN as en } from '../../../electron/model/words/en/ui';

const NAV_LABELS: string[] = Object.entries(en.nav)
  .filter(([key]) => key !== 'label')
  .map(([, label]) => label);

describe('README', () => {
  const readme = readFileSync('README.md', 'utf8');

  it('names every “… view” by its navigation label', () => {
    const named = [...readme.matchAll(/(?:“([^”]+)”|\b([A-Z][\w?]*)) view\b/g)].map((m) => m[1] ?? m[2]);
    expect(named.length).toBeGreaterThan(0);
    for (const name of named) expect(NAV_LABELS, `README says “${name} view”`).toContain(name);
  });

  it('lists the renderer’s views under their navigation labels', () => {
    const line = readme.split('\n').find((l) => l.startsWith('renderer/'))!;
    const listed = /views \((.*)\)/.exec(line)![1]!.split(', ');
    expect(listed).toEqual(NAV_LABELS);
  });
});
