// `npm run serve` (and the end of `npm start`): the server in a child Node.js process with the
// flags below, stopped with this one.
import { spawn } from 'node:child_process';
import { pathToFileURL } from 'node:url';

/**
 * The Node.js flags the server runs with, here and in the bench's server.
 *
 * `--max-semi-space-size=16`: V8 sizes the young generation by the machine's memory. On a server
 * with a few GiB it grows to 2 × 64 MB while the modules load and keeps it, so an idle instance
 * holds several times its live objects. Two semi-spaces of 16 MB (Node 20's size) keep every
 * instance much smaller, many sockets connected or not, at the same throughput (`npm run bench`
 * compares both).
 */
export const SERVER_NODE_FLAGS = ['--max-semi-space-size=16'];

/** Starts `src/server/main.ts` (through tsx) and passes SIGINT and SIGTERM on to it. */
export function serve() {
  const server = spawn(process.execPath, [...SERVER_NODE_FLAGS, '--import', 'tsx', 'src/server/main.ts'], {
    stdio: 'inherit',
  });
  for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
  server.on('exit', (code) => process.exit(code ?? 0));
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) serve();
