// `npm test`: every test. Type-check, lint and the import-direction check; vitest for domain, web
// and server on PGlite, and the server suites on PostgreSQL when DATABASE_URL is set, side by
// side; then the suites that start processes of their own, one database after the other, and the
// previous release's flows on this tree's schema (PostgreSQL); then the browser journeys against a really started server. Ends with one "N passed, N failed in M min"
// line. `--quick` (npm run test:quick) stops after the in-process PGlite suites, for the inner loop.
import { spawn, spawnSync } from 'node:child_process';
import { closeSync, existsSync, mkdtempSync, openSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

const startedAt = Date.now();
const quick = process.argv.includes('--quick');
const out = mkdtempSync(path.join(tmpdir(), 'arrive-test-'));
const postgresUrl = process.env.DATABASE_URL;
const baseEnv = { ...process.env };
delete baseEnv.DATABASE_URL;
delete baseEnv.REDIS_URL;

let passed = 0;
let failed = 0;
const failures = [];

function run(label, command, args, env = baseEnv) {
  console.log(`\n▶ ${label}`);
  const stepStartedAt = Date.now();
  const result = spawnSync(command, args, { stdio: 'inherit', env });
  console.log(`◀ ${label}: ${((Date.now() - stepStartedAt) / 1000).toFixed(0)} s`);
  if (result.status !== 0) failures.push(label);
  return result.status === 0;
}

/**
 * Starts a step beside others. `beside` keeps its output in a file, printed when it ends, so the
 * log reads one step at a time; otherwise it prints as it runs. `finish()` waits for it and says
 * its time.
 */
function start(label, command, args, env = baseEnv, { beside = false } = {}) {
  const log = path.join(out, `${label.replace(/\W+/g, '-')}.log`);
  const fd = beside ? openSync(log, 'w') : null;
  if (!beside) console.log(`\n▶ ${label}`);
  const stepStartedAt = Date.now();
  const child = spawn(command, args, { stdio: fd === null ? 'inherit' : ['ignore', fd, fd], env });
  if (fd !== null) closeSync(fd);
  const exited = new Promise((resolve) => {
    child.on('exit', (code) => resolve({ code, seconds: (Date.now() - stepStartedAt) / 1000 }));
    child.on('error', () => resolve({ code: 1, seconds: (Date.now() - stepStartedAt) / 1000 }));
  });
  return {
    async finish() {
      const { code, seconds } = await exited;
      if (beside) {
        console.log(`\n▶ ${label} (ran beside the PGlite pass)`);
        process.stdout.write(readFileSync(log, 'utf8'));
      }
      console.log(`◀ ${label}: ${seconds.toFixed(0)} s`);
      if (code !== 0) failures.push(label);
      return code === 0;
    },
  };
}

function countVitest(file) {
  if (!existsSync(file)) return;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  passed += report.numPassedTests ?? 0;
  failed += report.numFailedTests ?? 0;
}

function countPlaywright(file) {
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  passed += (stats?.expected ?? 0) + (stats?.flaky ?? 0);
  failed += stats?.unexpected ?? 0;
}

const npx = (args) => ['npx', ['--no-install', ...args]];

/**
 * The server suites whose outcome depends on the database: those that build the app on the
 * database the run names (buildTestApp) or read TEST_DATABASE_URL themselves. The others (pure
 * units, PGlite-only command-line tests) would run again exactly as in the PGlite pass.
 */
function databaseSuites() {
  return serverSuites().filter((file) => /\b(buildTestApp|TEST_DATABASE_URL)\b/.test(readFileSync(file, 'utf8')));
}

/** The server suites that start the server, PostgreSQL, PGlite's process or a command-line tool as a process. */
function processSuites() {
  return serverSuites().filter((file) =>
    /ServerProcess|OwnPostgres|startPgliteProcess|src\/server\/cli\/|scripts\/serve\.mjs/.test(
      readFileSync(file, 'utf8'),
    ),
  );
}

function serverSuites() {
  return ['src/server', 'tests/server']
    .flatMap((dir) => readdirSync(dir, { recursive: true }).map((file) => path.join(dir, String(file))))
    .filter((file) => file.endsWith('.test.ts'))
    .sort();
}

const checks = [
  ['type-check (web, service worker, server)', 'npm', ['run', '--silent', 'typecheck']],
  ['lint, format and import directions', 'npm', ['run', '--silent', 'lint']],
];
// The checks are single-threaded; the unit suites wait on databases and sockets often enough to
// leave room for them, so they run side by side.
const checksBeside = checks.map(([label, cmd, args]) => start(label, cmd, args, baseEnv, { beside: true }));

const postgresPass = Boolean(postgresUrl) && !quick;
// The suites that start the server, PostgreSQL or a command as processes of their own (a crash
// and restart, a production start, a backup drill) wait for a machine the other suites have left:
// their processes start against time limits. The quick loop leaves them out.
const ownProcesses = processSuites();
const inProcess = ownProcesses.flatMap((file) => ['--exclude', file]);
const vitest = (label, files, report, env, options) =>
  start(
    label,
    ...npx(['vitest', 'run', ...files, '--reporter=default', '--reporter=json', `--outputFile=${report}`]),
    env,
    options,
  );
const pgliteEnv = { ...baseEnv, ...(postgresPass ? { TEST_POSTGRES_PASS_FOLLOWS: '1' } : {}) };
const postgresEnv = { ...baseEnv, TEST_DATABASE_URL: postgresUrl };

// The PostgreSQL pass runs beside the PGlite pass: its suites spend much of their time waiting on
// the database server, a process of its own, so the two passes share the cores better than one
// after the other. The suites that would use one Redis from both passes run in this one only.
const reports = { pglite: path.join(out, 'vitest-pglite.json'), postgres: path.join(out, 'vitest-postgres.json') };
const postgresInProcess = postgresPass
  ? vitest(
      'server suites (PostgreSQL), in-process',
      ['--project', 'server', '--maxWorkers=2', ...inProcess, ...databaseSuites()],
      reports.postgres,
      postgresEnv,
      { beside: true },
    )
  : null;
const pglite = vitest(
  'unit and server suites (PGlite), in-process',
  inProcess,
  reports.pglite,
  // A suite that would start a PostgreSQL of its own leaves that case to the PostgreSQL pass.
  pgliteEnv,
);
await pglite.finish();
countVitest(reports.pglite);
for (const check of checksBeside) {
  if (await check.finish()) passed++;
  else failed++;
}
if (postgresInProcess) {
  await postgresInProcess.finish();
  countVitest(reports.postgres);
} else if (!quick) {
  console.log('\n(DATABASE_URL is not set: the server suites ran on PGlite only)');
}

if (!quick) {
  const processReport = (db) => path.join(out, `vitest-processes-${db}.json`);
  await vitest('suites that start processes (PGlite)', ownProcesses, processReport('pglite'), pgliteEnv).finish();
  countVitest(processReport('pglite'));
  const onPostgres = ownProcesses.filter((file) => databaseSuites().includes(file));
  if (postgresPass && onPostgres.length) {
    await vitest(
      'suites that start processes (PostgreSQL)',
      ['--project', 'server', ...onPostgres],
      processReport('postgres'),
      postgresEnv,
    ).finish();
    countVitest(processReport('postgres'));
  }
  if (postgresPass) {
    // A rolling deploy runs the release before on the new schema for a while: its flows' suites
    // run here on this tree's migrations (scripts/previous-release.mjs).
    const report = path.join(out, 'vitest-previous-release.json');
    const label = "the previous release's suites on this schema (PostgreSQL)";
    console.log(`\n▶ ${label}`);
    const stepStartedAt = Date.now();
    const previous = spawnSync(
      'node',
      [
        'scripts/previous-release.mjs',
        '--maxWorkers=2',
        '--reporter=default',
        '--reporter=json',
        `--outputFile=${report}`,
      ],
      { stdio: 'inherit', env: postgresEnv },
    );
    console.log(`◀ ${label}: ${((Date.now() - stepStartedAt) / 1000).toFixed(0)} s`);
    // Status 2: there is no history to find it in (an export without git); said, not failed.
    if (previous.status !== 0 && previous.status !== 2) failures.push(label);
    countVitest(report);
  }
}

if (!quick && process.env.SKIP_E2E !== '1') {
  if (run('build', 'npm', ['run', '--silent', 'build'])) {
    const pwReport = path.join(out, 'playwright.json');
    run('browser journeys (Chromium)', ...npx(['playwright', 'test']), { ...baseEnv, PW_JSON_OUTPUT: pwReport });
    countPlaywright(pwReport);
  } else failed++;
}

if (failures.length) console.log(`\nFailed steps: ${failures.join('; ')}`);
const minutes = ((Date.now() - startedAt) / 60_000).toFixed(1);
console.log(`\n${passed} passed, ${failed} failed in ${minutes} min`);
process.exit(failures.length || failed ? 1 : 0);
