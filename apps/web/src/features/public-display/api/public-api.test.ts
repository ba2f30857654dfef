import { describe, expect, it } from 'vitest';
import { formatCompact, mapCountText } from './public-api';

describe('formatCompact', () => {
  it('keeps figures below ten thousand as they are and shortens larger ones to 万 and 亿', () => {
    expect(formatCompact(0)).toBe('0');
    expect(formatCompact(9999.5)).toBe('9,999.5');
    expect(formatCompact(10_000)).toBe('1万');
    expect(formatCompact(123_456.78)).toBe('12.35万');
    expect(formatCompact(98_765_432.1)).toBe('9,876.54万');
    expect(formatCompact(320_000_000)).toBe('3.2亿');
    expect(formatCompact(-45_000)).toBe('-4.5万');
    expect(formatCompact(undefined)).toBe('0');
    expect(formatCompact(Number.NaN)).toBe('0');
  });

  it('stays short enough for a phone card (at most 9 characters below a trillion)', () => {
    for (const v of [1, 12_345.67, 1_234_567.89, 99_999_999.99, 123_456_789_012]) {
      expect(formatCompact(v).length).toBeLessThanOrEqual(9);
    }
  });
});

describe('mapCountText', () => {
  it('names the published assets the map cannot draw', () => {
    expect(mapCountText(2910, 3001)).toBe('地图上 2,910 项（另有 91 项未标注坐标）');
    expect(mapCountText(5, 5)).toBe('地图上 5 项');
    expect(mapCountText(5, undefined)).toBe('地图上 5 项');
    // Figures read a moment apart may disagree the other way: never a negative count.
    expect(mapCountText(6, 5)).toBe('地图上 6 项');
  });
});
