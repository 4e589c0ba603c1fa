import { describe, expect, it } from 'vitest';
import {
  formatDate,
  formatNaira,
  formatNairaCompact,
  formatNumber,
  formatOrderLine,
  formatOrderLineQuantity,
  isGasLine,
  koboToNaira,
  lagosDateKey,
  nairaToKobo,
  orderLineName,
} from './format';

describe('formatNumber', () => {
  it('uses en-US grouping and 2 decimals by default', () => {
    expect(formatNumber(1234.5)).toBe('1,234.50');
    expect(formatNumber(0)).toBe('0.00');
    expect(formatNumber(-1234.567)).toBe('-1,234.57');
    expect(formatNumber(1234567890123)).toBe('1,234,567,890,123.00');
  });
  it('takes other decimal counts', () => {
    expect(formatNumber(1234.5678, 0)).toBe('1,235');
    expect(formatNumber(1.5, 3)).toBe('1.500');
  });
  it('accepts numeric strings', () => {
    expect(formatNumber('2500')).toBe('2,500.00');
  });
  it('gives an empty string for empty or non-numeric values', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber('')).toBe('');
    expect(formatNumber('  ')).toBe('');
    expect(formatNumber('abc')).toBe('');
    expect(formatNumber(Number.NaN)).toBe('');
    expect(formatNumber(Number.POSITIVE_INFINITY)).toBe('');
  });
  it('never shows a negative zero', () => {
    expect(formatNumber(-0)).toBe('0.00');
    expect(formatNumber(-0.001)).toBe('0.00');
  });
  it('rounds half away from zero on the decimal written, as Intl does', () => {
    expect(formatNumber(1.005)).toBe('1.01');
    expect(formatNumber(2.675)).toBe('2.68');
    expect(formatNumber(999.995)).toBe('1,000.00');
    expect(formatNumber(-0.5, 0)).toBe('-1');
    expect(formatNumber(99999.95, 1)).toBe('100,000.0');
  });
  it('writes what Intl.NumberFormat en-US writes, for amounts of every size', () => {
    // One formatter per number of decimals: building 12,000 of them took seconds on a busy machine.
    const formatters = [0, 1, 2, 3].map(
      (decimals) =>
        new Intl.NumberFormat('en-US', { minimumFractionDigits: decimals, maximumFractionDigits: decimals }),
    );
    const intl = (n: number, decimals: number) => {
      const text = (formatters[decimals] as Intl.NumberFormat).format(n);
      return /^-0(?:\.0*)?$/.test(text) ? text.slice(1) : text;
    };
    // A fixed sequence (a linear congruential generator), so a failure can be run again.
    let seed = 20261128;
    const next = () => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const values = [0, 0.5, 1.5, 2.5, 0.125, 0.005, 1e-7, 123456789.125, 1e21, 5e-324, -1e-7];
    for (let i = 0; i < 3000; i++) {
      const magnitude = 10 ** Math.floor(next() * 14 - 3);
      const n = (next() - 0.3) * magnitude;
      // Whole kobo as naira, and arbitrary doubles.
      values.push(i % 2 ? Math.round(n * 100) / 100 : n);
    }
    for (const n of values) {
      for (const decimals of [0, 1, 2, 3])
        expect(formatNumber(n, decimals), `${n} to ${decimals}`).toBe(intl(n, decimals));
    }
  });
});

describe('kobo and naira', () => {
  it('converts kobo to naira', () => {
    expect(koboToNaira(123450)).toBe(1234.5);
    expect(koboToNaira(0)).toBe(0);
  });
  it('converts naira to integer kobo, rounding the meant decimal', () => {
    expect(nairaToKobo(1234.5)).toBe(123450);
    expect(nairaToKobo(12.345)).toBe(1235);
    expect(nairaToKobo(1.005)).toBe(101);
    expect(nairaToKobo(0.1 + 0.2)).toBe(30);
    expect(nairaToKobo(-12.345)).toBe(-1235);
    expect(nairaToKobo(0)).toBe(0);
    expect(Object.is(nairaToKobo(-0.001), 0)).toBe(true);
    expect(nairaToKobo(60_000)).toBe(6_000_000);
  });
  it('refuses non-finite amounts', () => {
    expect(() => nairaToKobo(Number.NaN)).toThrow(RangeError);
  });
});

describe('formatNaira', () => {
  it('shows kobo as naira with the sign and 2 decimals', () => {
    expect(formatNaira(123450)).toBe('₦1,234.50');
    expect(formatNaira(0)).toBe('₦0.00');
    expect(formatNaira(1)).toBe('₦0.01');
    expect(formatNaira(-123450)).toBe('-₦1,234.50');
    expect(formatNaira(100_000_000_000)).toBe('₦1,000,000,000.00');
  });
  it('gives an empty string for empty values', () => {
    expect(formatNaira(null)).toBe('');
    expect(formatNaira(undefined)).toBe('');
    expect(formatNaira('')).toBe('');
    expect(formatNaira(Number.NaN)).toBe('');
  });
});

describe('formatNairaCompact', () => {
  it('shortens thousands and millions for a chart axis', () => {
    expect(formatNairaCompact(0)).toBe('₦0');
    expect(formatNairaCompact(250)).toBe('₦2.5');
    expect(formatNairaCompact(4_500_000)).toBe('₦45K');
    expect(formatNairaCompact(125_000_000)).toBe('₦1.3M');
    expect(formatNairaCompact(-1_500_000)).toBe('-₦15K');
    expect(formatNairaCompact(null)).toBe('');
  });
});

describe('formatDate', () => {
  it('shows dd/MM/yyyy', () => {
    expect(formatDate(new Date('2024-03-07T10:00:00Z'))).toBe('07/03/2024');
    expect(formatDate('2024-12-25')).toBe('25/12/2024');
    expect(formatDate(Date.UTC(2024, 0, 5, 12))).toBe('05/01/2024');
  });
  it('uses the Lagos calendar day (UTC+1)', () => {
    expect(formatDate('2024-03-07T23:30:00Z')).toBe('08/03/2024');
    expect(formatDate('2024-12-31T23:30:00Z')).toBe('01/01/2025');
    expect(formatDate('2024-03-07T22:59:59Z')).toBe('07/03/2024');
    expect(formatDate('2024-03-07T23:00:00Z')).toBe('08/03/2024');
  });
  it('reads a zone-less date-time as Lagos time', () => {
    expect(formatDate('2024-03-07T23:30:00')).toBe('07/03/2024');
    expect(formatDate('2024-03-08T00:30')).toBe('08/03/2024');
  });
  it('gives an empty string for empty or invalid values', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate(undefined)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('');
    expect(formatDate(new Date(Number.NaN))).toBe('');
  });
});

describe('lagosDateKey', () => {
  it('gives yyyy-MM-dd of the Lagos day', () => {
    expect(lagosDateKey('2024-03-07T23:30:00Z')).toBe('2024-03-08');
    expect(lagosDateKey('oops')).toBe('');
  });
});

describe('order lines', () => {
  const gasPickupLine = { name: 'Cooking gas (12.5 kg cylinder)', quantity: 5, sizeKg: 12.5 };

  it('reads a gas refill as kg in its cylinder, never as a count', () => {
    expect(formatOrderLineQuantity(gasPickupLine)).toBe('5 kg refill (12.5 kg cylinder)');
    expect(formatOrderLineQuantity({ ...gasPickupLine, quantity: 12.5 })).toBe('12.5 kg refill (12.5 kg cylinder)');
    expect(formatOrderLineQuantity({ ...gasPickupLine, quantity: 12.5 })).not.toContain('×');
    expect(orderLineName(gasPickupLine)).toBe('Cooking gas');
    expect(formatOrderLine(gasPickupLine)).toBe('Cooking gas 5 kg refill (12.5 kg cylinder)');
  });

  it('trusts the product type when the line has one', () => {
    const line = { name: 'Cooking gas', productType: 'Gas', quantity: 3.5, sizeKg: 6 };
    expect(isGasLine(line)).toBe(true);
    expect(formatOrderLineQuantity(line)).toBe('3.5 kg refill (6 kg cylinder)');
    expect(formatOrderLineQuantity({ ...line, sizeKg: null })).toBe('3.5 kg refill');
    expect(isGasLine({ name: '12.5 kg cylinder', productType: 'Cylinder', quantity: 1, sizeKg: 12.5 })).toBe(false);
  });

  it('counts everything else, a cylinder bought empty included', () => {
    expect(formatOrderLineQuantity({ name: 'Single burner', quantity: 2, sizeKg: null })).toBe('× 2');
    const cylinder = { name: 'Empty cylinder', quantity: 1, sizeKg: 12.5 };
    expect(isGasLine(cylinder)).toBe(false);
    expect(formatOrderLineQuantity(cylinder)).toBe('× 1');
    expect(orderLineName(cylinder)).toBe('Empty cylinder');
    expect(formatOrderLine(cylinder)).toBe('Empty cylinder × 1');
  });
});
