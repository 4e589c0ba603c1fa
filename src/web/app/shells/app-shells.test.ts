import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_PAGES, firstViewPage } from '../../../domain/staff-code';
import { appShells } from './app-shells';

describe('the first views’ pages', () => {
  it('are the shells of the screens with a first view, at their paths: the worker answers those paths with them', () => {
    const light = appShells.filter((shell) => shell.light);
    expect(light.length).toBeGreaterThan(0);
    expect(Object.fromEntries(light.map((shell) => [shell.pattern, `/app-shells/${shell.file}.html`]))).toEqual(
      FIRST_VIEW_PAGES,
    );
  });

  it('answer a path by its name first, then by a pattern whose :name is one segment', () => {
    expect(firstViewPage('/order/history')).toBe('/app-shells/order-history.html');
    expect(firstViewPage('/order/ARV-7K2M9Q')).toBe('/app-shells/order.html');
    expect(firstViewPage('/order/ARV-7K2M9Q/receipt')).toBeUndefined();
    expect(firstViewPage('/order')).toBeUndefined();
    expect(firstViewPage('/order/')).toBeUndefined();
    expect(firstViewPage('/profile')).toBeUndefined();
  });
});
