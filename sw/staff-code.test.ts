import { describe, expect, it } from 'vitest';
import { planStaffCacheUpdate } from './staff-code';

describe('planStaffCacheUpdate', () => {
  it('downloads only what neither this version nor an older one holds', () => {
    const plan = planStaffCacheUpdate(
      ['/assets/layout-b.js', '/assets/sales-a.js', '/assets/shift-c.js'],
      new Set(['/assets/shift-c.js']),
      new Set(['/assets/sales-a.js', '/assets/layout-a.js']),
    );
    expect(plan).toEqual({ copy: ['/assets/sales-a.js'], download: ['/assets/layout-b.js'] });
  });

  it('fetches a page an older version holds again: its name stays, its bytes follow the build', () => {
    const plan = planStaffCacheUpdate(
      ['/assets/first-views-a.js', '/app-shells/products.html'],
      new Set(),
      new Set(['/assets/first-views-a.js', '/app-shells/products.html']),
    );
    expect(plan).toEqual({ copy: ['/assets/first-views-a.js'], download: ['/app-shells/products.html'] });
  });

  it('has nothing to do when the cache is complete', () => {
    expect(planStaffCacheUpdate(['/a.js'], new Set(['/a.js']), new Set())).toEqual({ copy: [], download: [] });
  });
});
