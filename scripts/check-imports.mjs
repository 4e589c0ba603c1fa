// The import-direction check (docs/architecture.md, "The rules the import check enforces").
// Layers: domain ← server, web, sw. web and server never import each other; domain imports neither;
// sw imports only domain; one web feature never imports another.
//
// Server modules (src/server/modules/<module>/) have one face each: their index.ts, plain
// re-exports of their own files (`export { a } from './a'`), nothing else. Another module imports
// module B only as `../B`; every other file of B is private to it. No module imports its own
// index.ts (a file imports its sibling directly: the barrel would be a cycle). The modules'
// dependencies form no circle, of any length (order → product → sales → order is refused as well
// as A ↔ B); type-only imports count: a circle of types is still a circle of knowledge.
//
// Routes files (routes.ts, <name>-routes.ts at a module's top) are each module's HTTP edge: a
// module serves the URL group of its own name (/api/<module>, one entry in modules/index.ts), and
// its routes call the services of whichever modules own the behaviour. A module's services know
// nothing of routes: nothing but the registry and the module's own routes files imports a routes
// file, so an import made by a routes file cannot close a circle of knowledge and the circle check
// leaves it out (the table marks such an edge "(routes)").
//
// Exceptions, each for a reason:
// - A module's tables.ts may import another module's tables.ts: a foreign key names the table it
//   references, and the schema is one graph. No other file imports another module's tables.ts
//   (call the owner's functions instead), and no index.ts re-exports its tables.
// - Above the modules, wiring them, and free to reach a module's private files when it must:
//   src/server/app.ts, main.ts, schema.ts (the list of every table), seed.ts (the demo data),
//   modules/index.ts (the route registry: it mounts each module's routes files), cli/,
//   test-utils/, and tests (*.test.ts anywhere, tests/, bench/: not walked). Nothing below imports
//   them.
// - Below the modules, imported by all of them, and importing none of them nor anything above:
//   every other part of src/server (db/, lib/, plugins/, integrations/, config.ts). A plugin takes
//   what it needs from a module as plugin options; the db client takes the schema as a parameter.
//
// docs/architecture.md holds the module dependency table between the markers below, generated
// from the code: `--write-architecture` rewrites it; the check fails while it differs from the code.
// `--report` lists every problem and exits 0 (a measuring aid while moving code); `--strict` ignores the pending list.
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// Module-layout problems still being worked off (keys as --report prints them).
const PENDING = [];
const root = process.cwd();
const report = process.argv.includes('--report');
const writeArchitecture = process.argv.includes('--write-architecture');
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

/** Files of src/server that wire the modules together (see the header). */
const ABOVE_MODULES = /^(app|main|schema|seed)(\.ts)?$|^(cli|test-utils|seed)$/;
const isTest = (file) => /\.test\.(ts|tsx|mjs|js)$/.test(file);

const area = (file) => {
  const rel = path.relative(root, file).split(path.sep);
  if (rel[0] === 'sw') return { layer: 'sw' };
  if (rel[0] !== 'src') return { layer: 'other' };
  if (rel[1] === 'web' && rel[2] === 'features') return { layer: 'web', feature: rel[3] };
  if (rel[1] !== 'server') return { layer: rel[1] };
  if (rel[2] === 'modules') {
    // src/server/modules itself, or its index.ts: the route registry.
    if (rel.length === 3 || (rel.length === 4 && /^index(\.ts)?$/.test(rel[3])))
      return { layer: 'server', above: true };
    const inner = rel.slice(4).join('/');
    return {
      layer: 'server',
      module: rel[3],
      face: inner === '' || /^index(\.ts)?$/.test(inner),
      tables: /^tables(\.ts)?$/.test(inner),
      routes: /^([a-z0-9-]+-)?routes(\.ts)?$/.test(inner),
      inner,
    };
  }
  if (rel.length > 2 && ABOVE_MODULES.test(rel[2])) return { layer: 'server', above: true };
  return { layer: 'server', below: rel.length > 3 ? rel[2] : rel[2].replace(/\.ts$/, '') };
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
/** module → module → files that show the edge */
const moduleEdges = new Map();
const modules = new Set();
const importRe =
  /(?:import|export)\s[^'"]*?from\s*['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|^\s*import\s+['"]([^'"]+)['"]/gm;
/** What a module's index.ts may hold: re-exports of its own files, and comments. */
const reExportRe = /export\s+(?:type\s+)?(?:\*(?:\s+as\s+\w+)?|\{[^}]*\})\s+from\s*['"]\.\/[^'"]+['"];?/g;
for (const file of files) {
  const from = area(file);
  const text = readFileSync(file, 'utf8');
  const test = isTest(file);
  if (from.module) modules.add(from.module);
  if (from.module && from.face && !test) {
    const rest = text
      .replace(/\/\*[\s\S]*?\*\//g, '')
      .replace(/^\s*\/\/.*$/gm, '')
      .replace(reExportRe, '');
    if (rest.trim()) {
      problems.push(
        `${rel(file)}: a module's index.ts holds only re-exports of its own files (\`export { a } from './a'\`): code here would run while other modules are still being evaluated`,
      );
    }
  }
  for (const match of text.matchAll(importRe)) {
    const spec = match[1] ?? match[2] ?? match[3];
    if (!spec?.startsWith('.')) continue;
    const to = area(path.resolve(path.dirname(file), spec));
    const where = `${rel(file)} imports ${spec}`;
    if (forbidden[from.layer]?.includes(to.layer)) problems.push(`${where}: ${from.layer} must not import ${to.layer}`);
    if (from.feature && to.feature && from.feature !== to.feature) {
      problems.push(
        `${where}: feature '${from.feature}' must not import feature '${to.feature}' (compose them in src/web/app)`,
      );
    }
    if (test) {
      // Tests reach wherever they must.
    } else if (from.below === 'plugins' && (to.module || to.above)) {
      problem(
        `${rel(file)} → ${spec}`,
        `${where}: a plugin must not import a module (take what it needs as plugin options)`,
      );
    } else if (from.below && (to.module || to.above)) {
      problem(
        `${rel(file)} → ${spec}`,
        `${where}: src/server/${from.below} sits below the modules and must not import ${to.module ? `module '${to.module}'` : 'what wires them'} (take it as a parameter)`,
      );
    }
    if (to.routes && !test && !(from.routes && from.module === to.module) && !from.above) {
      problems.push(
        `${where}: a routes file is the HTTP edge of module '${to.module}': only the registry (modules/index.ts) and the module's own routes files import it`,
      );
    }
    if (!from.module || test) continue;
    if (to.above) {
      problems.push(
        `${where}: module '${from.module}' must not import what sits above the modules (the app wires them)`,
      );
    }
    if (to.module === from.module && to.face && !from.face) {
      problems.push(
        `${where}: import the file itself, not module '${from.module}''s own index.ts (a cycle through it)`,
      );
    }
    if (!to.module || to.module === from.module) continue;
    if (to.tables && !from.tables) {
      // A tables.ts may reference another module's table for a foreign key: the schema is one graph.
      problem(
        `${rel(file)} → ${to.module}/tables`,
        `${where}: module '${from.module}' must not import the tables of module '${to.module}' (call its functions)`,
      );
    } else if (!to.face && !to.tables) {
      problem(
        `${rel(file)} → ${to.module}/${to.inner}`,
        `${where}: module '${from.module}' must not reach into '${to.module}/${to.inner}', private to module '${to.module}' (import '../${to.module}', its index.ts, and export it there if others may use it)`,
      );
    }
    if (!moduleEdges.has(from.module)) moduleEdges.set(from.module, new Map());
    const edges = moduleEdges.get(from.module);
    if (!edges.has(to.module)) edges.set(to.module, []);
    edges.get(to.module).push({ file: rel(file), tables: from.tables && to.tables, routes: from.routes });
  }
}

// Circles of any length: each strongly connected group of modules (Tarjan) is one problem,
// printed as its shortest circle through its first module, with a file showing each step.
const successors = (m) =>
  [...(moduleEdges.get(m) ?? new Map())]
    .filter(([, seen]) => seen.some((s) => !s.routes))
    .map(([to]) => to)
    .sort();
const groups = [];
{
  let next = 0;
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const connect = (v) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of successors(v)) {
      if (!index.has(w)) {
        connect(w);
        low.set(v, Math.min(low.get(v), low.get(w)));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v), index.get(w)));
    }
    if (low.get(v) === index.get(v)) {
      const group = [];
      let w;
      do {
        w = stack.pop();
        onStack.delete(w);
        group.push(w);
      } while (w !== v);
      if (group.length > 1) groups.push(group.sort());
    }
  };
  for (const m of [...moduleEdges.keys()].sort()) if (!index.has(m)) connect(m);
}
for (const group of groups) {
  const inGroup = new Set(group);
  const start = group[0];
  // Breadth-first from start back to start, within the group: the shortest circle through it.
  const cameFrom = new Map();
  const queue = [start];
  let closing = null;
  while (queue.length && !closing) {
    const v = queue.shift();
    for (const w of successors(v)) {
      if (!inGroup.has(w)) continue;
      if (w === start) {
        closing = v;
        break;
      }
      if (!cameFrom.has(w)) {
        cameFrom.set(w, v);
        queue.push(w);
      }
    }
  }
  const circle = [start];
  for (let v = closing; v !== start; v = cameFrom.get(v)) circle.splice(1, 0, v);
  circle.push(start);
  const steps = circle.slice(1).map(
    (m, i) =>
      `${
        moduleEdges
          .get(circle[i])
          .get(m)
          .find((s) => !s.routes).file
      } → ${m}`,
  );
  problem(
    `circle ${circle.join(' → ')}`,
    `modules import each other in a circle: ${circle.join(' → ')} (${steps.join(', ')})${
      group.length > circle.length - 1 ? `; the circles join ${group.join(', ')}` : ''
    }: the dependency goes one way (move the shared piece to its owner, or let app.ts hand it over)`,
  );
}

// The registry: one entry per URL group, served by the module of that name (its routes.ts).
{
  const registryPath = path.join(root, 'src', 'server', 'modules', 'index.ts');
  if (existsSync(registryPath)) {
    const registry = readFileSync(registryPath, 'utf8');
    const importsOf = new Map(
      [...registry.matchAll(/^import\s+(\w+)\s+from\s*['"]\.\/([^'"]+)['"]/gm)].map((m) => [m[1], m[2]]),
    );
    const seenGroups = new Set();
    for (const [, group, name] of registry.matchAll(/\{\s*group:\s*'([^']+)',\s*routes:\s*(\w+)\s*\}/g)) {
      const where = `src/server/modules/index.ts: group '${group}'`;
      if (seenGroups.has(group))
        problems.push(`${where} is mounted twice (one entry per group: its module's routes.ts)`);
      seenGroups.add(group);
      const spec = importsOf.get(name);
      if (spec !== `${group}/routes`) {
        problems.push(
          `${where} is served by ./${spec ?? name}: /api/${group} is module '${group}''s, from ${group}/routes.ts (it registers its other routes files)`,
        );
      }
    }
  }
}

// The module dependency table of docs/architecture.md, generated from the edges above.
const BEGIN = '<!-- module-dependencies:begin (generated: node scripts/check-imports.mjs --write-architecture) -->';
const END = '<!-- module-dependencies:end -->';
const docPath = path.join(root, 'docs', 'architecture.md');
const dependencyTable = () => {
  const rows = [...modules].sort().map((m) => {
    const deps = [...(moduleEdges.get(m) ?? new Map())]
      .sort(([a], [b]) => a.localeCompare(b))
      .map(
        ([to, seen]) =>
          `\`${to}\`${seen.every((s) => s.tables) ? ' (foreign key)' : seen.every((s) => s.routes) ? ' (routes)' : ''}`,
      );
    return `| \`${m}\` | ${deps.join(', ') || '—'} |`;
  });
  return ['| module | imports |', '|---|---|', ...rows].join('\n');
};
if (existsSync(docPath) && modules.size) {
  const doc = readFileSync(docPath, 'utf8');
  const begin = doc.indexOf(BEGIN);
  const end = doc.indexOf(END);
  if (begin === -1 || end < begin) {
    problems.push(`docs/architecture.md: the markers of the module dependency table are missing (${BEGIN} … ${END})`);
  } else {
    const wanted = `${doc.slice(0, begin + BEGIN.length)}\n${dependencyTable()}\n${doc.slice(end)}`;
    if (wanted !== doc) {
      if (writeArchitecture) {
        writeFileSync(docPath, wanted);
        console.log('docs/architecture.md: module dependency table rewritten');
      } else {
        problems.push(
          'docs/architecture.md: the module dependency table differs from the code (run node scripts/check-imports.mjs --write-architecture)',
        );
      }
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
