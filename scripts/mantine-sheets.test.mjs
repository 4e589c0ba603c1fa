import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { BASE_SHEETS, importedSheets, inMantineOrder, neededSheets, sourceFiles } from './mantine-sheets.mjs';

const root = process.cwd();
const stylesDir = path.join(root, 'src/web/features/marketing/styles');
const critical = importedSheets(readFileSync(path.join(stylesDir, 'critical-styles.ts'), 'utf8'));
const app = importedSheets(readFileSync(path.join(stylesDir, 'full-styles.ts'), 'utf8'));

const scratch = mkdtempSync(path.join(tmpdir(), 'arrive-sheets-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));
const needs = (code) => {
  const file = path.join(scratch, `${Math.random().toString(36).slice(2)}.tsx`);
  writeFileSync(file, code);
  return neededSheets(root, [file]);
};

describe('the Mantine sheets a component needs', () => {
  it('follows a component to the ones it is built from', () => {
    const select = needs("import { Select, type SelectProps } from '@mantine/core';");
    expect(select).toEqual(expect.arrayContaining([...BASE_SHEETS, 'Combobox', 'Popover', 'Input', 'ScrollArea']));
    expect(select).not.toContain('Button');
    expect(needs("import { Button } from '@mantine/core';")).toEqual([
      ...BASE_SHEETS,
      'UnstyledButton',
      'Loader',
      'Button',
    ]);
  });

  it('takes a nested component’s sheet and its parent’s', () => {
    expect(needs("import { CheckboxCard } from '@mantine/core';")).toEqual(
      expect.arrayContaining(['Checkbox', 'CheckboxCard']),
    );
  });

  it('follows another Mantine package into the core', () => {
    expect(needs("import { DatePickerInput } from '@mantine/dates';")).toEqual(
      expect.arrayContaining(['Popover', 'Input']),
    );
  });

  it('follows a part loaded on use, and a name the core takes from another package', () => {
    expect(
      needs("const N = lazy(() => import('@mantine/notifications').then((m) => ({ default: m.Notifications })));"),
    ).toEqual(expect.arrayContaining(['Notification', 'CloseButton', 'Loader']));
    expect(needs("import { RemoveScroll } from '@mantine/core';")).toEqual(BASE_SHEETS);
  });

  it('leaves types out, and refuses a name Mantine does not export', () => {
    expect(needs("import type { ButtonProps } from '@mantine/core';")).toEqual(BASE_SHEETS);
    expect(() => needs("import { NoSuchThing } from '@mantine/core';")).toThrow(/exports no NoSuchThing/);
  });
});

describe("the app's stylesheet modules", () => {
  const needed = neededSheets(root, sourceFiles(path.join(root, 'src/web')));

  it('hold the sheet of every component the app renders, and no other', () => {
    const held = [...critical, ...app];
    expect(needed.filter((sheet) => !held.includes(sheet))).toEqual([]);
    expect(held.filter((sheet) => !needed.includes(sheet))).toEqual([]);
  });

  it('load each sheet once: the app screens’ module leaves out what the public pages load', () => {
    expect(app.filter((sheet) => critical.includes(sheet))).toEqual([]);
    expect(new Set(app).size).toBe(app.length);
  });

  it("keep Mantine's order, so a component's rules come after those of the parts it builds on", () => {
    expect(app).toEqual(inMantineOrder(root, app));
  });
});
