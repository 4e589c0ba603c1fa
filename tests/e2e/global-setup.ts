import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { startServer } from './server';

/** Builds when there is no build, then starts the real server the journeys share (E2E_BASE_URL). */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  if (!existsSync('dist/index.html')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const server = await startServer();
  process.env.E2E_BASE_URL = server.url;
  return server.stop;
}
