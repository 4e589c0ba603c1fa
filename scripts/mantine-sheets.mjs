// Which of Mantine's per-component stylesheets the app needs (checked by mantine-sheets.test.mjs
// against the stylesheet modules in src/web/features/marketing/styles). Mantine ships one sheet per
// component (`@mantine/core/styles/<Name>.layer.css`) besides the whole library's; the app imports
// only the sheets of the components its code can render. A component needs the sheets of the
// components it is built from (a Select is a Combobox in a Popover over an Input), so the walk
// follows Mantine's own imports from each name the app takes, through the other Mantine packages
// too (a date picker is built from the core's Popover and Input).
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';

const IMPORT = /\bimport\s*(type\s+)?\{([^}]*)\}\s*from\s*["'](@mantine\/[a-z]+)["']/g;
const RELATIVE = /\bfrom\s*["'](\.[^"']+)["']/g;
const INDEX_IMPORT = /\bimport\s*\{([^}]*)\}\s*from\s*["']([^"']+)["']/g;
// `import('@mantine/notifications').then((m) => ({ default: m.Notifications }))`: a part loaded on use.
const DYNAMIC = /\bimport\(\s*["'](@mantine\/[a-z]+)["']\s*\)\.then\(\s*\(?\s*(\w+)\s*\)?\s*=>([^;]*)/g;

/** The sheets every page needs whatever it renders: the reset, the variables, the global rules. */
export const BASE_SHEETS = ['baseline', 'default-css-variables', 'global'];

/** @param {string} root @param {string} pkg */
const packageDir = (root, pkg) => path.join(root, 'node_modules', pkg, 'esm');

/**
 * The names a Mantine package's index exports, each with the file it comes from (null for one it
 * takes from another package, such as the core's RemoveScroll).
 */
function indexOf(root, pkg) {
  const dir = packageDir(root, pkg);
  const names = new Map();
  const code = readFileSync(path.join(dir, 'index.mjs'), 'utf8');
  for (const [, clause = '', spec = ''] of code.matchAll(INDEX_IMPORT))
    for (const part of clause.split(',')) {
      const [name = '', local = name] = part.trim().split(/\s+as\s+/);
      if (local.trim()) names.set(local.trim(), spec.startsWith('.') ? path.join(dir, spec) : null);
    }
  return names;
}

/** The value names (types left out) a clause like `{ Button, type ButtonProps, Text as T }` takes. */
function valueNames(clause) {
  return clause
    .split(',')
    .map((part) => part.trim())
    .filter((part) => part !== '' && !part.startsWith('type '))
    .map((part) => part.split(/\s+as\s+/)[0]?.trim() ?? '')
    .filter(Boolean);
}

/** The project's TypeScript sources under `dir`, tests left out. */
export function sourceFiles(dir) {
  const out = [];
  for (const name of readdirSync(dir)) {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) out.push(...sourceFiles(full));
    else if (/\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name)) out.push(full);
  }
  return out;
}

/**
 * The core stylesheets (names as in `@mantine/core/styles/<name>.layer.css`) that code importing
 * from Mantine in `files` can render, in the order of Mantine's whole sheet (a component's sheet
 * after those of the parts it builds on).
 */
export function neededSheets(root, files) {
  const indexes = new Map();
  const index = (pkg) => {
    const found = indexes.get(pkg) ?? indexOf(root, pkg);
    indexes.set(pkg, found);
    return found;
  };
  const pending = [];
  const take = (code) => {
    const named = [...code.matchAll(IMPORT)]
      .filter(([, typeOnly]) => !typeOnly)
      .map(([, , clause = '', pkg = '']) => [pkg, valueNames(clause)]);
    const loadedOnUse = [...code.matchAll(DYNAMIC)].map(([, pkg = '', param = '', body = '']) => [
      pkg,
      [...body.matchAll(new RegExp(`\\b${param}\\.(\\w+)`, 'g'))].map((m) => m[1] ?? ''),
    ]);
    for (const [pkg, names] of [...named, ...loadedOnUse]) {
      if (!existsSync(packageDir(root, pkg))) continue;
      for (const name of names) {
        const file = index(pkg).get(name);
        if (file === undefined) throw new Error(`mantine sheets: ${pkg} exports no ${name}`);
        if (file) pending.push(file);
      }
    }
  };
  for (const file of files) take(readFileSync(file, 'utf8'));
  const seen = new Set();
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) continue;
    seen.add(file);
    const code = readFileSync(file, 'utf8');
    for (const [, spec = ''] of code.matchAll(RELATIVE)) pending.push(path.join(path.dirname(file), spec));
    take(code); // another Mantine package's own imports from the core
  }
  const core = packageDir(root, '@mantine/core');
  const sheetsDir = path.join(root, 'node_modules/@mantine/core/styles');
  const sheets = new Set(BASE_SHEETS);
  for (const file of seen) {
    if (!file.startsWith(core)) continue;
    // components/Checkbox/CheckboxCard/CheckboxCard.mjs needs Checkbox's sheet and CheckboxCard's.
    for (const part of path.relative(core, file).split(path.sep).slice(1, -1))
      if (existsSync(path.join(sheetsDir, `${part}.layer.css`))) sheets.add(part);
  }
  return inMantineOrder(root, [...sheets]);
}

/** `names` in the order their rules appear in Mantine's whole sheet. */
export function inMantineOrder(root, names) {
  const whole = readFileSync(path.join(root, 'node_modules/@mantine/core/styles.layer.css'), 'utf8');
  const position = (name) => {
    const base = BASE_SHEETS.indexOf(name);
    if (base >= 0) return base - BASE_SHEETS.length;
    const sheet = readFileSync(path.join(root, 'node_modules/@mantine/core/styles', `${name}.layer.css`), 'utf8');
    const firstClass = sheet.match(/\.(m_[0-9a-f]{8})/)?.[1];
    const at = firstClass ? whole.indexOf(firstClass) : -1;
    if (at < 0) throw new Error(`mantine sheets: ${name}'s rules are not in the whole sheet`);
    return at;
  };
  return [...names].sort((a, b) => position(a) - position(b));
}

/** The core sheets a stylesheet module imports, in its order. */
export function importedSheets(code) {
  return [...code.matchAll(/^import\s+'@mantine\/core\/styles\/([\w-]+)\.layer\.css';/gm)].map((m) => m[1] ?? '');
}
