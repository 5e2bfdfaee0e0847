import { describe, expect, it } from 'vitest';
import { nameProblem, shownName } from '../../../electron/contract/names';

describe('shownName', () => {
  it('shows every control and bidirectional character as its code point, and nothing else', () => {
    expect(shownName('evil\u202Etxt.json')).toBe('evil<U+202E>txt.json');
    expect(shownName('a\nb\tc\u0000d\u2066e\u061C')).toBe('a<U+000A>b<U+0009>c<U+0000>d<U+2066>e<U+061C>');
    expect(shownName('扫描 sweep (1).json')).toBe('扫描 sweep (1).json');
  });

  it('gives text that the name rule would not refuse for its controls or bidi characters', () => {
    for (const raw of ['x\u202Ey', 'line\nbreak', 'nul\u0000', 'iso\u2068late\u2069']) {
      expect(nameProblem(shownName(raw))).toBeNull();
    }
  });
});
