import { describe, expect, it } from 'vitest';
import { cell, cookieHeader, formatTable, mergeCookies, tally, verdict } from './audit-report.mjs';

describe('audit report', () => {
  it('gives a verdict against a ceiling or a floor, and none without a figure', () => {
    expect(verdict(70, 70)).toBe('within');
    expect(verdict(70.1, 70)).toBe('OVER');
    expect(verdict(90, 100, 'min')).toBe('OVER');
    expect(verdict(100, 100, 'min')).toBe('within');
    expect(verdict(Number.NaN, 10)).toBe('—');
    expect(verdict(3, undefined)).toBe('—');
    expect(cell('812 ms', 812, 1000)).toBe('812 ms / 1000 within');
    expect(cell('x', Number.NaN, 1000)).toBe('n/a');
  });

  it('pads the table to its widest cells', () => {
    const table = formatTable(
      ['screen', 'paint'],
      [
        ['/login', '0.8 s'],
        ['/order/history', '1.2 s'],
      ],
    );
    expect(table.split('\n')).toEqual([
      '  screen          paint',
      '  --------------  -----',
      '  /login          0.8 s',
      '  /order/history  1.2 s',
    ]);
  });

  it('keeps the cookies a sign-in sets and drops the ones it clears', () => {
    const jar = mergeCookies(new Map(), ['pending=abc; Path=/; HttpOnly', 'theme=dark']);
    mergeCookies(jar, ['pending=; Max-Age=0; Path=/', 'access=t1; Path=/; HttpOnly; SameSite=Lax']);
    expect(cookieHeader(jar)).toBe('theme=dark; access=t1');
  });

  it('sums the bytes of one phase, the hashed assets apart', () => {
    const records = [
      { phase: 'visitor', path: '/', bytes: 5000 },
      { phase: 'visitor', path: '/assets/a.js', bytes: 20000 },
      { phase: 'client', path: '/assets/b.js', bytes: 7 },
    ];
    expect(tally(records, 'visitor')).toEqual({ total: 25000, assets: 20000, other: 5000 });
    expect(tally(records, 'staff')).toEqual({ total: 0, assets: 0, other: 0 });
  });
});
