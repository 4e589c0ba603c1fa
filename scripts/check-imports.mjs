// The import-direction check (DESIGN: layout): domain ← server, web, sw. web and server never import
// each other; domain imports neither; sw imports only domain; one web feature never imports another.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const root = process.cwd();
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
  return { layer: rel[1] };
};

const forbidden = {
  domain: ['web', 'server', 'sw'],
  web: ['server', 'sw'],
  server: ['web', 'sw'],
  sw: ['web', 'server'],
};
const problems = [];
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
  }
}
if (problems.length) {
  console.error(`Import direction check failed:\n${problems.map((p) => `  - ${p}`).join('\n')}`);
  process.exit(1);
}
console.log(`import directions ok (${files.length} files)`);
