import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

/**
 * Starts the real server (the built app, a fresh PGlite data dir, a random port) for the journeys;
 * the URL reaches the tests through E2E_BASE_URL. Builds first when there is no build.
 */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  if (!existsSync('dist/index.html')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const dataDir = mkdtempSync(path.join(tmpdir(), 'arrive-e2e-'));
  const server: ChildProcess = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      REDIS_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'development',
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  const url = await new Promise<string>((resolve, reject) => {
    let out = '';
    const timer = setTimeout(() => reject(new Error(`the server did not start:\n${out}`)), 60_000);
    server.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      const match = out.match(/running at (http:\/\/\S+)/);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    });
    server.on('exit', (code) => reject(new Error(`the server exited with ${code}:\n${out}`)));
  });
  process.env.E2E_BASE_URL = url.replace('localhost', '127.0.0.1');
  return async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    rmSync(dataDir, { recursive: true, force: true });
  };
}
