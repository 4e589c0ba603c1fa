// `npm start`: builds the web app when the build is missing or older than its sources, then serves
// everything on one port with the embedded defaults (PGlite, sandbox payments, console SMS).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import { serve } from './serve.mjs';

const built = 'dist/index.html';
const newestIn = (entry) => {
  if (!existsSync(entry)) return 0;
  const stat = statSync(entry);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(entry).map((name) => newestIn(path.join(entry, name))));
};
const sources = [
  'src/web',
  'src/domain',
  'sw',
  'public',
  'index.html',
  'vite.config.ts',
  'manifest.webmanifest',
  'scripts/prerender.mjs',
  'scripts/build',
];
const stale = !existsSync(built) || Math.max(...sources.map(newestIn)) > statSync(built).mtimeMs;
if (stale) {
  console.log('Building the web app…');
  const result = spawnSync('npm', ['run', 'build'], { stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

serve();
