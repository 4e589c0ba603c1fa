import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve('scripts/check-imports.mjs');
let dir = '';

function tree(files: Record<string, string>) {
  dir = mkdtempSync(path.join(tmpdir(), 'arrive-imports-'));
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    writeFileSync(path.join(dir, file), text);
  }
  return spawnSync(process.execPath, [script, '--strict'], { cwd: dir, encoding: 'utf8' });
}

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

  it("passes a module calling another module's service, and a table naming another's in a foreign key", () => {
    const result = tree({
      'src/server/modules/client/tables.ts': 'export const clients = 1;',
      'src/server/modules/order/tables.ts': "import { clients } from '../client/tables';",
      'src/server/modules/order/service.ts': "import { orders } from './tables';",
      'src/server/modules/sales/service.ts': "import { findOrder } from '../order/service';",
      'src/server/db/schema.ts': "export * from '../modules/order/tables';",
    });
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it('fails when two modules import each other', () => {
    const result = tree({
      'src/server/modules/shift/service.ts': "import { s } from '../staff/service'; export const t = 1;",
      'src/server/modules/staff/routes.ts': "import { t } from '../shift/service'; export const s = 1;",
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain("modules 'shift' and 'staff' import each other");
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
