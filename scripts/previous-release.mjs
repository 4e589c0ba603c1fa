// The previous release's server suites on this tree's schema. A rolling deploy migrates the
// database first and then replaces the instances one by one, so for a while the release before
// runs on the new schema: every migration has to leave it working (expand now, contract in a
// later release). This runs the core flows' suites of the code from just before the newest
// migration was added, with that migration and every other of this tree in place of its own, on
// PostgreSQL (`TEST_DATABASE_URL`, a fresh database per suite as everywhere).
//
//   node scripts/previous-release.mjs [--ref <commit>] [vitest options…]
//
// Needs the repository's history (a shallow clone says so and stops with status 2).
import { spawnSync } from 'node:child_process';
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, symlinkSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const migrations = 'src/server/db/migrations';

/** The suites of the flows a counter, a client and a rider go through every day. */
export const FLOW_SUITES = [
  'tests/server/order-placing.test.ts',
  'tests/server/order-catalogue.test.ts',
  'tests/server/counter-sale.test.ts',
  'tests/server/offline-sale-identity.test.ts',
  'tests/server/pickup-handover.test.ts',
  'tests/server/shift-flow.test.ts',
  'tests/server/delivery-dispatch.test.ts',
  'tests/server/wallet-api.test.ts',
  'tests/server/payment-flow.test.ts',
  'tests/server/center-stock.test.ts',
  'tests/server/order-create.test.ts',
  'tests/server/pickup-writes.test.ts',
  'tests/server/delivery-centers.test.ts',
  'tests/server/wallet-funding.test.ts',
  'tests/server/payment-webhook.test.ts',
  'tests/server/centers-moves.test.ts',
];

const git = (...args) => {
  const result = spawnSync('git', args, { cwd: root, encoding: 'utf8' });
  return result.status === 0 ? result.stdout.trim() : null;
};

/** The commit before the one that added the newest migration (this tree's HEAD while it is not committed). */
export function previousRelease() {
  const journal = JSON.parse(readFileSync(path.join(root, migrations, 'meta', '_journal.json'), 'utf8'));
  const newest = journal.entries.at(-1)?.tag;
  if (!newest) return null;
  const added = git('log', '-1', '--diff-filter=A', '--format=%H', '--', `${migrations}/${newest}.sql`);
  if (added === null) return null;
  if (added === '') return { ref: git('rev-parse', 'HEAD'), newest };
  const parent = git('rev-parse', '--verify', '--quiet', `${added}^`);
  return parent ? { ref: parent, newest } : null;
}

function main() {
  const args = process.argv.slice(2);
  const refAt = args.indexOf('--ref');
  const asked = refAt >= 0 ? args.splice(refAt, 2)[1] : null;
  const found = asked ? { ref: git('rev-parse', '--verify', asked), newest: '(asked)' } : previousRelease();
  if (!found?.ref || git('rev-parse', '--is-shallow-repository') === 'true') {
    console.error('previous release: the repository history is not here (a shallow clone?); nothing was run');
    process.exit(2);
  }
  if (!process.env.TEST_DATABASE_URL) {
    console.error('previous release: set TEST_DATABASE_URL (a PostgreSQL server the suites create databases on)');
    process.exit(2);
  }
  const dir = mkdtempSync(path.join(tmpdir(), 'arrive-previous-'));
  try {
    const archive = spawnSync('git', ['archive', '--format=tar', found.ref], { cwd: root, maxBuffer: 1 << 30 });
    if (archive.status !== 0) throw new Error(`git archive ${found.ref} failed`);
    const untar = spawnSync('tar', ['-x', '-C', dir], { input: archive.stdout });
    if (untar.status !== 0) throw new Error('could not unpack the previous release');
    // Its code, this tree's schema; the dependencies are this tree's (a release that changed them
    // changes them in package.json, which a rolling deploy installs before it starts).
    rmSync(path.join(dir, migrations), { recursive: true, force: true });
    cpSync(path.join(root, migrations), path.join(dir, migrations), { recursive: true });
    symlinkSync(path.join(root, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
    const suites = FLOW_SUITES.filter((file) => existsSync(path.join(dir, file)));
    console.log(
      `previous release ${found.ref.slice(0, 10)} (before ${found.newest}): ${suites.length} suites on this schema`,
    );
    const vitest = spawnSync(
      path.join(root, 'node_modules', '.bin', 'vitest'),
      ['run', '--project', 'server', ...suites, ...args],
      { cwd: dir, stdio: 'inherit', env: process.env },
    );
    process.exitCode = vitest.status ?? 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
