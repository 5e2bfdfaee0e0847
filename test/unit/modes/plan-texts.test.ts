/**
 * The measurement core's refusals of a run request's fields as coded host texts: for every place
 * that words one (test/unit/modes/plan-refusals.ts), the English is what the host always wrote, the field carries
 * its code, and zh-CN words it in Chinese with every placeholder filled: no English left but technical names, the
 * values of the request and the CUDA runtime's own words. The service keeps the codes beside the English.
 */
import { describe, expect, it } from 'vitest';

import type { HostParam, HostText } from '../../../electron/contract';
import { createWorkbenchService } from '../../../electron/core/service/create-service';
import { renderPieces, renderText, type TextTemplates } from '../../../electron/model/words/host-text';
import { HOST_TEXT_ZH_CN } from '../../../electron/model/words/zh-CN/host';
import { HOST_TEXT_EN } from '../../../electron/model/words/en/host';
import { fakeBackend } from '../helpers/fake-backend';
import { REFUSALS } from './plan-refusals';

const ZH = HOST_TEXT_ZH_CN as unknown as TextTemplates;

/**
 * Names kept as they are in Chinese text: CUDA API names and attributes, PTX, parameter and workload names (any
 * word with an underscore, a dot or an inner capital), commands in backticks, units and acronyms, and the CUDA
 * runtime's error string that a message quotes.
 */
const TECHNICAL =
  /[A-Za-z0-9_.:]*(?:[a-z][A-Z]|_|\.[a-z])[A-Za-z0-9_.:<>]*|`[^`]*`|\b(?:CUDA|GPU|SMs?|TMA|FADD|Hopper|B|ns|mbarrier|griddepcontrol|arrive|nwarps|opt-in|too many blocks in cooperative launch)\b/g;

/** The strings and numbers of a text's parameters, nested ones included (what the request or the device said). */
function values(param: HostParam): string[] {
  if (typeof param === 'string' || typeof param === 'number') return [String(param)];
  if (Array.isArray(param)) return param.flatMap(values);
  if ('en' in param) return [];
  return Object.values(param.params).flatMap(values);
}

/** The Latin words of the Chinese rendering that are neither a value, a technical name, nor the runtime's words. */
function englishLeft(text: HostText): string[] {
  const pieces = renderPieces(text, ZH);
  expect(
    pieces,
    `${text.code}: every code has a zh-CN template, every placeholder a parameter`,
  ).not.toBeNull();
  let rest = pieces!
    .filter((p) => !p.en)
    .map((p) => p.text)
    .join(' ');
  for (const value of values(text).sort((a, b) => b.length - a.length)) rest = rest.split(value).join(' ');
  return rest.replace(TECHNICAL, ' ').match(/[A-Za-z]{2,}/g) ?? [];
}

describe.each(REFUSALS)('$name', ({ field, code, english, refuse }) => {
  it(`keeps its English and says it in zh-CN (${code})`, async () => {
    const err = await refuse();
    expect(err.code).toBe('INVALID');
    expect(err.fieldErrors[field]).toBe(english);
    const text = err.fieldTexts[field]!;
    expect(text.code).toBe(code);
    expect(renderText(text, HOST_TEXT_EN as unknown as TextTemplates)).toBe(english);
    expect(englishLeft(text)).toEqual([]);
    expect(renderText(text, ZH)).toMatch(/[\u4e00-\u9fff]/);
    // every field has its code, and the message lists the English of them all
    expect(Object.keys(err.fieldTexts).sort()).toEqual(Object.keys(err.fieldErrors).sort());
    expect(err.message).toContain(`${field}: ${english}`);
  });
});

/** Every code of a text or parameter, nested ones included. */
function codesOf(param: HostParam): string[] {
  if (Array.isArray(param)) return param.flatMap(codesOf);
  if (typeof param !== 'object' || 'en' in param) return [];
  return [param.code, ...Object.values(param.params).flatMap(codesOf)];
}

it('every code of the plan section is provoked above (plan.field is the Run form’s, for a field it does not show)', async () => {
  const provoked = new Set<string>();
  for (const refusal of REFUSALS) {
    for (const text of Object.values((await refusal.refuse()).fieldTexts))
      codesOf(text).forEach((c) => provoked.add(c));
  }
  const all = Object.keys(HOST_TEXT_EN.plan).map((key) => `plan.${key}`);
  expect(all.filter((code) => !provoked.has(code))).toEqual(['plan.field']);
});

describe('the service keeps the codes beside the English', () => {
  it('validateRun on the real core and a fake native backend returns each field’s code', async () => {
    const service = createWorkbenchService({
      backend: fakeBackend(),
      resultsDir: '/nonexistent/results',
      resourcesDir: 'resources',
    });
    const reply = await service.validateRun({
      mode: 'tiles',
      device: 0,
      params: { nwarps: 4, tileSizes: '12,256', iters: 0 },
    });
    expect(reply.ok).toBe(false);
    if (reply.ok) return;
    expect(reply.fieldErrors).toEqual({
      iters: '0 is out of range; allowed: 1 to 1000000',
    });
    expect(reply.fieldTexts?.iters?.code).toBe('plan.outOfRange');
    const tiles = await service.validateRun({
      mode: 'tiles',
      device: 0,
      params: { nwarps: 4, tileSizes: '12,256' },
    });
    expect(tiles.ok).toBe(false);
    if (tiles.ok) return;
    expect(tiles.fieldTexts?.tileSizes?.code).toBe('plan.tileSizes');
    expect(renderText(tiles.fieldTexts!.tileSizes!, ZH)).toBe(
      '12 不是 2 的幂；256 大于线程块（128 个线程；请增大 nwarps）；允许的值：4、8、16、32、64、128、256、512',
    );
    const stopping = await service.validateRun({
      mode: 'modes',
      device: 0,
      params: {},
      stopping: { warmup: 1.5 },
    });
    expect(stopping.ok === false && stopping.fieldTexts?.warmup?.code).toBe('plan.stoppingWhole');
  });
});
