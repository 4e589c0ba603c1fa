// The import-direction check (DESIGN: layout): domain ← server, web, sw. web and server never import
// each other; domain imports neither; sw imports only domain; one web feature never imports another.
// Server modules (src/server/modules/<module>/) own their tables: no module imports another module's
// tables.ts (except a tables.ts naming another module's table in a foreign key), no two modules import each other, and no app plugin (src/server/plugins) imports a module.
// `--report` lists every problem and exits 0 (a measuring aid while moving code); `--strict` ignores the pending list.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

// Module-layout problems still being worked off (keys as --report prints them).
const PENDING = [];
const root = process.cwd();
const report = process.argv.includes('--report');
const files = [];
const walk = (dir) => {
  for (const name of readdirSync(dir)) {
    if (name === 'node_modules' || name === 'dist') continue;
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) walk(full);
    else if (/\.(ts|tsx|mjs|js)$/.test(name)) files.push(full);
  }
};
for (const dir of ['src', 'sw']) if (existsSync(path.join(root, dir))) walk(path.join(root, dir));

const area = (file) => {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'sw') return { layer: 'sw' };
  if (rel[0] !== 'src') return { layer: 'other' };
  if (rel[1] === 'web' && rel[2] === 'features') return { layer: 'web', feature: rel[3] };
  if (rel[1] === 'server' && rel[2] === 'modules' && rel.length > 4) {
    return { layer: 'server', module: rel[3], tables: rel.length === 5 && /^tables(\.ts)?$/.test(rel[4]) };
  }
  if (rel[1] === 'server' && (rel[2] === 'plugins' || rel[2] === 'modules')) return { layer: 'server', part: rel[2] };
  return { layer: rel[1] };
};

const forbidden = {
  domain: ['web', 'server', 'sw'],
  web: ['server', 'sw'],
  server: ['web', 'sw'],
  sw: ['web', 'server'],
};
const problems = [];
const rel = (file) => path.relative(root, file).split(path.sep).join('/');
/** Module-layout problems still being worked off, by key: reported, not failed on. Shrink it; never grow it. */
const pending = new Set(report || process.argv.includes('--strict') ? [] : PENDING);
const seenPending = new Set();
const problem = (key, text) => {
  if (report) console.log(`  '${key}',`);
  if (!pending.has(key)) problems.push(text);
  else seenPending.add(key);
};
/** module → module → first file that shows the edge */
const moduleEdges = new Map();
const importRe =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;
for (const file of files) {
  const from = area(file);
  const text = readFileSync(file, 'utf8');
  for (const match of text.matchAll(importRe)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec?.startsWith('.')) continue;
    const to = area(path.resolve(path.dirname(file), spec));
    const where = `${path.relative(root, file)} imports ${spec}`;
    if (forbidden[from.layer]?.includes(to.layer)) problems.push(`${where}: ${from.layer} must not import ${to.layer}`);
    if (from.feature && to.feature && from.feature !== to.feature) {
      problems.push(
        `${where}: feature '${from.feature}' must not import feature '${to.feature}' (compose them in src/web/app)`,
      );
    }
    if (from.part === 'plugins' && (to.module || to.part === 'modules')) {
      problem(
        `${rel(file)} → ${spec}`,
        `${where}: a plugin must not import a module (take what it needs as plugin options)`,
      );
    }
    if (from.module && to.module && from.module !== to.module) {
      // A tables.ts may reference another module's table for a foreign key: the schema is one graph.
      if (to.tables && !from.tables) {
        problem(
          `${rel(file)} → ${to.module}/tables`,
          `${where}: module '${from.module}' must not import the tables of module '${to.module}' (call its service)`,
        );
      }
      if (!moduleEdges.has(from.module)) moduleEdges.set(from.module, new Map());
      const edges = moduleEdges.get(from.module);
      if (!edges.has(to.module)) edges.set(to.module, path.relative(root, file));
    }
  }
}
for (const [a, edges] of moduleEdges) {
  for (const [b, fileA] of edges) {
    const fileB = moduleEdges.get(b)?.get(a);
    if (fileB && a < b) {
      problem(
        `${a} ↔ ${b}`,
        `modules '${a}' and '${b}' import each other (${fileA} → ${b}, ${fileB} → ${a}): the dependency goes one way`,
      );
    }
  }
}
if (problems.length) {
  const text = `Import direction check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`;
  if (report) {
    console.log(`${text}\n${problems.length} problems`);
    process.exit(0);
  }
  console.error(text);
  process.exit(1);
}
const stale = [...pending].filter((key) => !seenPending.has(key));
if (stale.length)
  console.log(`pending entries no longer needed (remove them):\n${stale.map((k) => `  - ${k}`).join('\n')}`);
if (seenPending.size) console.log(`${seenPending.size} pending module-layout problems (see the pending list)`);
console.log(`import directions ok (${files.length} files)`);
