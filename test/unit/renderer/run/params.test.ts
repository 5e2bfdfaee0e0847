import { describe, expect, it } from 'vitest';
import { checkParam, defaultText } from '../../../../renderer/run/params';
import { SWEEP_MODE } from '../fake-api';

const param = (name: string) => SWEEP_MODE.params.find((p) => p.name === name)!;

describe('run parameters', () => {
  it('starts each field at its default', () => {
    expect(SWEEP_MODE.params.map(defaultText)).toEqual(['256', '32', '1.5', 'events', '32, 64']);
    expect(defaultText({ ...param('iters'), default: null })).toBe('');
  });

  it('accepts values in range and leaves an empty field to the host', () => {
    expect(checkParam(param('nwarps'), ' 8 ')).toEqual({ ok: true, value: 8 });
    expect(checkParam(param('scale'), '2.25')).toEqual({ ok: true, value: 2.25 });
    expect(checkParam(param('timer'), 'clock64')).toEqual({ ok: true, value: 'clock64' });
    expect(checkParam(param('sizes'), '32 64,128')).toEqual({ ok: true, value: [32, 64, 128] });
    expect(checkParam(param('iters'), '')).toEqual({ ok: true, value: undefined });
  });

  it('names what is wrong', () => {
    expect(checkParam(param('nwarps'), '0')).toEqual({ ok: false, error: 'Must be between 1 and 32 warps.' });
    expect(checkParam(param('nwarps'), '2.5')).toEqual({ ok: false, error: 'Must be a whole number.' });
    expect(checkParam(param('iters'), '12abc')).toEqual({ ok: false, error: 'Must be a whole number.' });
    expect(checkParam(param('scale'), 'fast')).toEqual({ ok: false, error: 'Must be a number.' });
    expect(checkParam(param('timer'), 'tsc')).toEqual({
      ok: false,
      error: 'Must be one of: events, clock64.',
    });
    expect(checkParam(param('sizes'), '32, x')).toEqual({ ok: false, error: '"x": Must be a whole number.' });
    expect(checkParam({ ...param('iters'), max: undefined }, '0')).toEqual({
      ok: false,
      error: 'Must be at least 1.',
    });
  });
});
