import { describe, expect, it } from 'vitest';
import { FIRST_VIEW_PAGES } from '../../../domain/staff-code';
import { appShells } from './app-shells';

describe('the first views’ pages', () => {
  it('are the shells of the screens with a first view, at their paths: the worker answers those paths with them', () => {
    const light = appShells.filter((shell) => shell.light);
    expect(light.length).toBeGreaterThan(0);
    expect(Object.fromEntries(light.map((shell) => [shell.pattern, `/app-shells/${shell.file}.html`]))).toEqual(
      FIRST_VIEW_PAGES,
    );
  });
});
