import { describe, expect, it } from 'vitest';
import { formatValue, msToUs } from '../../../../renderer/figures/numbers';

describe('formatValue', () => {
  it('keeps 4 significant digits', () => {
    expect(formatValue(1234.5)).toBe('1,235');
    expect(formatValue(12.345)).toBe('12.35');
    expect(formatValue(0.12345)).toBe('0.1235');
    expect(formatValue(0.001)).toBe('0.001');
    expect(formatValue(0)).toBe('0');
    expect(formatValue(null)).toBe('—');
    expect(formatValue(Number.NaN)).toBe('—');
  });

  it('shows values nearer to 0 than 0.001 as “< 0.001”, never as a row of zeros', () => {
    expect(formatValue(0.000000289)).toBe('< 0.001');
    expect(formatValue(2.8899221682365805e-7)).toBe('< 0.001');
    expect(formatValue(-0.0000052)).toBe('> −0.001');
    expect(formatValue(0.00099)).toBe('< 0.001');
  });
});

describe('msToUs', () => {
  it('turns whole-kernel milliseconds into microseconds', () => {
    expect(msToUs(0.0089)).toBeCloseTo(8.9);
    expect(msToUs(null)).toBeNull();
    expect(msToUs(undefined)).toBeNull();
  });
});
