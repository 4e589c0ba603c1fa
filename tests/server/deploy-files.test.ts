// The container files in deploy/ kept in step with the code they package, read as files (no
// container engine is needed): the image copies every file the server and its command-line tools
// load, installs every package they import (its dependencies, not the dev ones), runs the Node.js
// major the project names, and compose mounts what exists and speaks nginx's upstream names.
// The stack itself runs, without containers, in deploy-stack.test.ts.
import { existsSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const dockerfile = read('deploy/Dockerfile');
const compose = read('deploy/compose.yaml');
const pkg = JSON.parse(read('package.json')) as {
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
  scripts: Record<string, string>;
};

/** The entry points the image runs: the server (through serve.mjs) and the commands compose or an operator runs in it. */
const ENTRIES = [
  'scripts/serve.mjs',
  'src/server/main.ts',
  'src/server/db/migrate-cli.ts',
  'src/server/cli/backup.ts',
  'src/server/cli/restore.ts',
  'src/server/cli/reconcile.ts',
  'src/server/cli/retention.ts',
];

/** Imports that load code at run time (`import type` and `export type` are erased). */
const IMPORT =
  /(?:^|\n)\s*(?:import|export)\s+(?!type\s)(?:[^'";]*?\s+from\s+)?['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)/g;

function resolveLocal(from: string, specifier: string): string {
  const base = path.join(path.dirname(from), specifier);
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, 'index.ts')]) {
    if (existsSync(path.join(root, candidate)) && statSync(path.join(root, candidate)).isFile()) return candidate;
  }
  throw new Error(`${from} imports ${specifier}, which is not there`);
}

/** Every file the entries load, and every package they import by name. */
function runtimeGraph() {
  const files = new Set<string>();
  const packages = new Set<string>();
  const queue = [...ENTRIES];
  while (queue.length) {
    const file = queue.pop() as string;
    if (files.has(file)) continue;
    files.add(file);
    for (const match of read(file).matchAll(IMPORT)) {
      const specifier = (match[1] ?? match[2]) as string;
      if (specifier.startsWith('.')) queue.push(resolveLocal(file, specifier));
      else if (!specifier.startsWith('node:')) {
        const parts = specifier.split('/');
        packages.add(specifier.startsWith('@') ? parts.slice(0, 2).join('/') : (parts[0] as string));
      }
    }
  }
  return { files, packages };
}

/** What the app stage copies into /app: `COPY [--from=…] <source…> <destination>` lines after `FROM … AS app`. */
function appImageCopies(): string[] {
  const stage = dockerfile.slice(dockerfile.indexOf(' AS app'));
  return [...stage.matchAll(/^COPY\s+(?:--from=\S+\s+)?(.+)$/gm)].flatMap((m) => {
    const words = (m[1] as string).trim().split(/\s+/);
    return words.slice(0, -1);
  });
}

describe('the container files', () => {
  const { files, packages } = runtimeGraph();

  it('copy into the image every file the server and its commands load', () => {
    const copied = appImageCopies().map((source) => source.replace(/\/$/, ''));
    const covered = (file: string) =>
      copied.some((source) =>
        source.includes('*')
          ? new RegExp(`^${source.replace(/\./g, '\\.').replace(/\*/g, '[^/]*')}$`).test(file)
          : file === source || file.startsWith(`${source}/`),
      );
    expect(files.size).toBeGreaterThan(50);
    expect([...files].filter((file) => !covered(file))).toEqual([]);
    // The migrations are read from their folder at run time, not imported.
    expect(covered('src/server/db/migrations/meta/_journal.json')).toBe(true);
  });

  it('install every package the server imports: a dependency, never only a dev one', () => {
    expect(packages.has('fastify')).toBe(true);
    expect([...packages].filter((name) => !(name in pkg.dependencies)).sort()).toEqual([]);
    expect(dockerfile).toMatch(/npm ci --omit=dev/);
  });

  it('run the Node.js major the project names, and build the web app with its own script', () => {
    const major = read('.nvmrc').trim().replace(/^v/, '').split('.')[0];
    expect(dockerfile).toMatch(new RegExp(`ARG NODE_IMAGE=node:${major}-`));
    expect(pkg.scripts.build).toBeDefined();
    expect(dockerfile).toMatch(/RUN npm run build/);
    expect(dockerfile).toMatch(/CMD \["node", "scripts\/serve\.mjs"\]/);
  });

  it('mount files that exist, with the upstreams arrive.conf proxies to', () => {
    const mounts = [...compose.matchAll(/^\s*- \.\/([^\s:]+):/gm)].map((m) => m[1] as string);
    expect(mounts.length).toBeGreaterThan(0);
    const files = mounts.filter((m) => m !== 'tls');
    expect(files.filter((m) => !existsSync(path.join(root, 'deploy', m)))).toEqual([]);
    const upstreams = (file: string) => [...read(file).matchAll(/^upstream (\w+)/gm)].map((m) => m[1]).sort();
    const proxied = [
      ...new Set([...read('deploy/nginx/arrive.conf').matchAll(/proxy_pass https?:\/\/(\w+)/g)].map((m) => m[1])),
    ].sort();
    expect(upstreams('deploy/nginx/upstreams.compose.conf')).toEqual(upstreams('deploy/nginx/upstreams.conf'));
    expect(upstreams('deploy/nginx/upstreams.conf')).toEqual(proxied);
  });

  it('give the app image a pg_dump of the PostgreSQL major compose runs', () => {
    const client = dockerfile.match(/postgresql-client-(\d+)/)?.[1];
    const server = compose.match(/image: postgres:(\d+)/)?.[1];
    expect(client).toBeDefined();
    expect(client).toBe(server);
  });

  it('start the migrations with a command that is there', () => {
    const command = compose.match(/command: \["node", "--import", "tsx", "([^"]+)"\]/)?.[1];
    expect(command).toBeDefined();
    expect(ENTRIES).toContain(command);
  });
});
