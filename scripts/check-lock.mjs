// The lock-file check: package-lock.json must match package.json and record every package npm
// may install on any platform, so that `npm ci` accepts it on Linux, macOS and Windows alike.
// An `npm install` on one platform can leave out other platforms' optional builds (biome's,
// esbuild's, rollup's…); `npm ci` elsewhere then refuses the lock file as out of sync.
// Reads package.json and package-lock.json in the working directory; exits 1 with each problem.
import { readFileSync } from 'node:fs';

const FIELDS = ['dependencies', 'devDependencies', 'optionalDependencies', 'peerDependencies'];

/** Where Node would find `name` when required from the package installed at `at`. */
function resolve(packages, at, name) {
  let base = at;
  for (;;) {
    const candidate = `${base ? `${base}/` : ''}node_modules/${name}`;
    if (packages[candidate]) return candidate;
    if (!base) return null;
    const cut = base.lastIndexOf('/node_modules/');
    base = cut === -1 ? '' : base.slice(0, cut);
  }
}

export function lockProblems(manifest, lock) {
  const problems = [];
  const packages = lock.packages ?? {};
  const root = packages[''];
  if (lock.lockfileVersion < 2 || !root) return ['package-lock.json is not a lockfileVersion 2 or 3 file'];
  for (const field of FIELDS) {
    const want = manifest[field] ?? {};
    const have = root[field] ?? {};
    for (const name of new Set([...Object.keys(want), ...Object.keys(have)])) {
      if (want[name] !== have[name]) {
        problems.push(
          `${field}.${name}: package.json says ${want[name] ?? 'nothing'}, package-lock.json says ${have[name] ?? 'nothing'}`,
        );
      }
    }
  }
  for (const [at, entry] of Object.entries(packages)) {
    if (entry.link) continue;
    for (const field of ['dependencies', 'optionalDependencies']) {
      for (const name of Object.keys(entry[field] ?? {})) {
        if (resolve(packages, at, name)) continue;
        const who = at || 'the project';
        const kind = field === 'optionalDependencies' ? 'optional dependency (a platform build?)' : 'dependency';
        problems.push(`${who}: its ${kind} ${name} is not recorded in package-lock.json`);
      }
    }
  }
  return problems;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const read = (file) => JSON.parse(readFileSync(file, 'utf8'));
  const problems = lockProblems(read('package.json'), read('package-lock.json'));
  if (problems.length) {
    console.error(
      `package-lock.json is out of step with package.json (run \`npm install\`, then commit the lock file):\n${problems
        .map((p) => `  - ${p}`)
        .join('\n')}`,
    );
    process.exit(1);
  }
  console.log('lock file ok (every platform recorded)');
}
