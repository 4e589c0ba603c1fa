import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/check-imports.mjs');
let dir = '';

function tree(files: Record<string, string>, ...flags: string[]) {
  dir = mkdtempSync(path.join(tmpdir(), 'arrive-imports-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return check(...flags);
}

const check = (...flags: string[]) =>
  spawnSync(process.execPath, [script, '--strict', ...flags], { cwd: dir, encoding: 'utf8' });

afterEach(() => rmSync(dir, { recursive: true, force: true }));

describe('the import-direction check', () => {
  it('passes web and server importing the domain', () => {
    const result = tree({
      'src/domain/a.ts': 'export const a = 1;',
      'src/web/x.ts': "import { a } from '../domain/a';",
      'src/server/y.ts': "import { a } from '../domain/a';",
    });
    expect(result.status).toBe(0);
  });

  it('fails when the web imports the server', () => {
    const result = tree({
      'src/server/s.ts': 'export const s = 1;',
      'src/web/x.ts': "import { s } from '../server/s';",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('web must not import server');
  });

  it('fails when the server imports the web', () => {
    const result = tree({ 'src/web/w.ts': 'export const w = 1;', 'src/server/x.ts': "export { w } from '../web/w';" });
    expect(result.status).toBe(1);
  });

  it('fails when one web feature imports another', () => {
    const result = tree({
      'src/web/features/orders/a.ts': 'export const a = 1;',
      'src/web/features/wallet/b.ts': "const m = import('../orders/a');",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("feature 'wallet' must not import feature 'orders'");
  });

  it("fails when a module imports another module's tables", () => {
    const result = tree({
      'src/server/modules/order/tables.ts': 'export const orders = 1;',
      'src/server/modules/sales/service.ts': "import { orders } from '../order/tables';",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("module 'sales' must not import the tables of module 'order'");
  });

  it("passes a module calling another module's face, and a table naming another's in a foreign key", () => {
    const result = tree({
      'src/server/modules/client/tables.ts': 'export const clients = 1;',
      'src/server/modules/order/tables.ts': "import { clients } from '../client/tables';",
      'src/server/modules/order/service.ts': "import { orders } from './tables'; export const findOrder = 1;",
      'src/server/modules/order/index.ts':
        "// The face.\nexport { findOrder } from './service';\nexport type { Order } from './service';",
      'src/server/modules/sales/service.ts': "import { findOrder } from '../order';",
      'src/server/schema.ts': "export * from './modules/order/tables';",
      'src/server/app.ts': "import { orders } from './modules/order/service';",
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails when two modules import each other', () => {
    const result = tree({
      'src/server/modules/shift/service.ts': "import { s } from '../staff/service'; export const t = 1;",
      'src/server/modules/staff/service.ts': "import { t } from '../shift/service'; export const s = 1;",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('modules import each other in a circle: shift → staff → shift');
  });

  it("passes a module's routes calling a module that depends on it, and refuses a service importing routes", () => {
    const files = {
      'src/server/modules/staff/index.ts': "export { s } from './service';",
      'src/server/modules/staff/service.ts': 'export const s = 1;',
      'src/server/modules/staff/routes.ts': "import { t } from '../shift'; export default 1;",
      'src/server/modules/shift/index.ts': "export { t } from './service';",
      'src/server/modules/shift/service.ts': "import { s } from '../staff'; export const t = 1;",
      'src/server/modules/index.ts':
        "import staffRoutes from './staff/routes';\nexport const apiModules = [\n  { group: 'staff', routes: staffRoutes },\n];",
    };
    const passed = tree(files);
    expect(passed.stderr).toBe('');
    expect(passed.status).toBe(0);
    rmSync(dir, { recursive: true, force: true });
    const refused = tree({
      ...files,
      'src/server/modules/staff/service.ts': "import routes from './routes'; export const s = 1;",
    });
    expect(refused.status).toBe(1);
    expect(refused.stderr).toContain("a routes file is the HTTP edge of module 'staff'");
  });

  it('fails when a URL group is served by another module, or mounted twice', () => {
    const result = tree({
      'src/server/modules/shift/staff-routes.ts': 'export default 1;',
      'src/server/modules/staff/routes.ts': 'export default 1;',
      'src/server/modules/index.ts':
        "import staffRoutes from './staff/routes';\nimport shiftStaffRoutes from './shift/staff-routes';\nexport const apiModules = [\n  { group: 'staff', routes: staffRoutes },\n  { group: 'staff', routes: shiftStaffRoutes },\n];",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("group 'staff' is mounted twice");
    expect(result.stderr).toContain("group 'staff' is served by ./shift/staff-routes");
  });

  it('fails on a circle of three modules, naming the whole circle', () => {
    const result = tree({
      'src/server/modules/order/index.ts': "export { placeOrder } from './placing';",
      'src/server/modules/order/placing.ts': "import { price } from '../product'; export const placeOrder = 1;",
      'src/server/modules/product/index.ts': "export { price } from './catalogue';",
      'src/server/modules/product/catalogue.ts': "import { totals } from '../sales'; export const price = 1;",
      'src/server/modules/sales/index.ts': "export { totals } from './service';",
      'src/server/modules/sales/service.ts': "import type { placeOrder } from '../order'; export const totals = 1;",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('modules import each other in a circle: order → product → sales → order');
    expect(result.stderr).toContain('src/server/modules/product/catalogue.ts → sales');
  });

  it("fails when a module reaches into another module's private file", () => {
    const result = tree({
      'src/server/modules/order/index.ts': "export { findOrder } from './service';",
      'src/server/modules/order/service.ts': 'export const findOrder = 1;',
      'src/server/modules/order/lookups.ts': 'export const orderSql = 1;',
      'src/server/modules/wallet/pay.ts': "import { orderSql } from '../order/lookups';",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("module 'wallet' must not reach into 'order/lookups', private to module 'order'");
  });

  it("fails when a module's index.ts holds more than re-exports, or a module imports its own", () => {
    const result = tree({
      'src/server/modules/order/index.ts': "import { a } from './a';\nexport const b = a;",
      'src/server/modules/order/a.ts': 'export const a = 1;',
      'src/server/modules/order/c.ts': "import { b } from './index';",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("src/server/modules/order/index.ts: a module's index.ts holds only re-exports");
    expect(result.stderr).toContain("not module 'order''s own index.ts");
  });

  it('fails when db/ imports a module, or a module imports what wires the modules', () => {
    const result = tree({
      'src/server/modules/order/tables.ts': 'export const orders = 1;',
      'src/server/db/schema.ts': "export * from '../modules/order/tables';",
      'src/server/modules/order/seed.ts': "import { schema } from '../../schema';",
      'src/server/schema.ts': "export * from './modules/order/tables';",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("src/server/db sits below the modules and must not import module 'order'");
    expect(result.stderr).toContain("module 'order' must not import what sits above the modules");
  });

  it('fails while the dependency table of docs/architecture.md differs from the code, until rewritten', () => {
    const markers =
      '<!-- module-dependencies:begin (generated: node scripts/check-imports.mjs --write-architecture) -->\n| stale |\n<!-- module-dependencies:end -->';
    const result = tree({
      'docs/architecture.md': `# Map\n\n${markers}\n\nAfter.\n`,
      'src/server/modules/client/index.ts': "export { c } from './service';",
      'src/server/modules/client/service.ts': 'export const c = 1;',
      'src/server/modules/client/tables.ts': 'export const clients = 1;',
      'src/server/modules/order/tables.ts': "import { clients } from '../client/tables';",
      'src/server/modules/sales/service.ts': "import { c } from '../client';",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('the module dependency table differs from the code');
    expect(check('--write-architecture').status).toBe(0);
    expect(check().status).toBe(0);
    const doc = readFileSync(path.join(dir, 'docs/architecture.md'), 'utf8');
    expect(doc).toContain('| `order` | `client` (foreign key) |');
    expect(doc).toContain('| `sales` | `client` |');
    expect(doc).toContain('| `client` | — |');
    expect(doc).toMatch(/^# Map\n\n<!-- module-dependencies:begin[^\n]*\n\| module \| imports \|\n/);
    expect(doc).toContain('<!-- module-dependencies:end -->\n\nAfter.\n');
  });

  it('fails when an app plugin imports a module', () => {
    const result = tree({
      'src/server/modules/app/tables.ts': 'export const keys = 1;',
      'src/server/plugins/idempotency.ts': "import { keys } from '../modules/app/tables';",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('a plugin must not import a module');
  });
});
