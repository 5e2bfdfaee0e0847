/**
 * Every locale's words, for the host and the renderer alike: `WORDS[locale].<area>`. One home, one naming scheme:
 *
 *   electron/model/words/<area>.ts        the area's interface (what a locale supplies) and logic-free helpers
 *   electron/model/words/en/<area>.ts     export const <AREA>_EN     (English)
 *   electron/model/words/zh-CN/<area>.ts  export const <AREA>_ZH_CN  (Simplified Chinese)
 *
 * (one exception: the host area's catalogues keep their long-standing names HOST_TEXT_EN / HOST_TEXT_ZH_CN).
 * test/unit/words/locales.test.ts enforces the scheme and holds every area's keys equal across locales.
 *
 * Words are leaves: a file here imports only electron/contract types and other files here. The logic that builds
 * sentences from results (methods/sections.ts, compare/verdict.ts, decide/*) imports the words, never the reverse.
 * English mode titles and questions are written once, in each mode's module (ModeInfo); `modes` holds the other
 * locales' (English's table is empty, so a lookup falls back to ModeInfo).
 */
import type { Locale } from '../../contract';
import { COMPARE_EN } from './en/compare';
import { DECIDE_EN } from './en/decide';
import { HOST_TEXT_EN } from './en/host';
import { METHODS_EN } from './en/methods';
import { REPORT_EN } from './en/report';
import { SHELL_EN } from './en/shell';
import { UI_EN } from './en/ui';
import type { AxisLabelWords } from './axis-labels';
import type { CompareWords } from './compare';
import type { DecideWords } from './decide';
import type { TextTemplates } from './host-text';
import type { ReportTable } from './report';
import type { ModesWords } from './modes';
import type { ShellWords } from './shell';
import { AXIS_LABELS_ZH_CN } from './zh-CN/axis-labels';
import { COMPARE_ZH_CN } from './zh-CN/compare';
import { DECIDE_ZH_CN } from './zh-CN/decide';
import { HOST_TEXT_ZH_CN } from './zh-CN/host';
import { METHODS_ZH_CN } from './zh-CN/methods';
import { MODES_ZH_CN } from './zh-CN/modes';
import { REPORT_ZH_CN } from './zh-CN/report';
import { SHELL_ZH_CN } from './zh-CN/shell';
import { UI_ZH_CN } from './zh-CN/ui';

/** The words of one locale, by area. */
export interface LocaleWords {
  /** The line modes' x-axis labels by English label (English's table is empty: the label itself). */
  axisLabels: AxisLabelWords;
  compare: CompareWords;
  decide: DecideWords;
  host: TextTemplates;
  methods: typeof METHODS_EN;
  modes: ModesWords;
  report: ReportTable;
  shell: ShellWords;
  ui: object;
}

/** Every supported locale's words. */
export const WORDS: Readonly<Record<Locale, LocaleWords>> = {
  en: {
    axisLabels: {},
    compare: COMPARE_EN,
    decide: DECIDE_EN,
    host: HOST_TEXT_EN,
    methods: METHODS_EN,
    modes: {},
    report: REPORT_EN,
    shell: SHELL_EN,
    ui: UI_EN,
  },
  'zh-CN': {
    axisLabels: AXIS_LABELS_ZH_CN,
    compare: COMPARE_ZH_CN,
    decide: DECIDE_ZH_CN,
    host: HOST_TEXT_ZH_CN,
    methods: METHODS_ZH_CN,
    modes: MODES_ZH_CN,
    report: REPORT_ZH_CN,
    shell: SHELL_ZH_CN,
    ui: UI_ZH_CN,
  },
};
