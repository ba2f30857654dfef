import { describe, expect, it } from 'vitest';
import { isValidIdCard, maskIdCard } from './house.js';

describe('room-ticket holder ID numbers', () => {
  it('accepts real 18-character numbers (check character X in either case) and 15-digit ones', () => {
    expect(isValidIdCard('11010519491231002X')).toBe(true);
    expect(isValidIdCard('11010519491231002x')).toBe(true);
    expect(isValidIdCard('110105491231002')).toBe(true);
  });

  it('refuses a wrong check character, an impossible birth date and the wrong length', () => {
    expect(isValidIdCard('110105194912310021')).toBe(false);
    expect(isValidIdCard('110105194902300024')).toBe(false);
    expect(isValidIdCard('11010519491231002')).toBe(false);
    expect(isValidIdCard('abc')).toBe(false);
  });

  it('masks all but the first 3 and last 4 characters', () => {
    expect(maskIdCard('11010519491231002X')).toBe('110***********002X');
    expect(maskIdCard(null)).toBe('');
  });
});
