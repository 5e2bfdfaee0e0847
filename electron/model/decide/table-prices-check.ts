/**
 * Checks of a decision table that concern prices and quoted figures (docs/decision-engine.md#prices): every
 * measurement's workload converts to a unit of work (work-units.ts), and every `{figure:<id>}` a text names is a
 * figure the product can quote (figures.ts). Called by the table schema's reference checks.
 */
import { FIGURE_IDS, figuresNamed } from './figures';
import { CONVERSIONS } from './work-units';

/** The parts of a table these checks read. */
interface PricedTable {
  recommendations: { rationale: string; measure: { workload: string }[] }[];
  hazards: { explanation: string }[];
  rules: {
    recommend?: { because: string; rationale?: string; alternatives: { why: string }[] };
    impossible?: { because: string; options: { why: string }[] };
    note?: string;
  }[];
}

type Report = (path: PropertyKey[], message: string) => void;

/** Reports a workload without a conversion and a `{figure:<id>}` naming no figure, each at its field. */
export function checkPrices(table: PricedTable, report: Report): void {
  const figure = (text: string | undefined, path: PropertyKey[]) => {
    for (const id of figuresNamed(text ?? '')) {
      if (!(FIGURE_IDS as string[]).includes(id))
        report(path, `{figure:${id}} names no figure (known: ${FIGURE_IDS.join(', ')})`);
    }
  };
  table.recommendations.forEach((rec, i) => {
    figure(rec.rationale, ['recommendations', i, 'rationale']);
    rec.measure.forEach((m, j) => {
      if (!(m.workload in CONVERSIONS))
        report(
          ['recommendations', i, 'measure', j, 'workload'],
          `"${m.workload}" has no conversion to a unit of work`,
        );
    });
  });
  table.hazards.forEach((h, i) => figure(h.explanation, ['hazards', i, 'explanation']));
  table.rules.forEach((rule, i) => {
    const path = ['rules', i];
    figure(rule.note, [...path, 'note']);
    figure(rule.recommend?.because, [...path, 'recommend', 'because']);
    figure(rule.recommend?.rationale, [...path, 'recommend', 'rationale']);
    rule.recommend?.alternatives.forEach((a, j) =>
      figure(a.why, [...path, 'recommend', 'alternatives', j, 'why']),
    );
    figure(rule.impossible?.because, [...path, 'impossible', 'because']);
    rule.impossible?.options.forEach((o, j) => figure(o.why, [...path, 'impossible', 'options', j, 'why']));
  });
}
