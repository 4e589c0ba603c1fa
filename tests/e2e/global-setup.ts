import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { E2E_WORKERS } from '../../playwright.config';
import { startServer } from './server';

/**
 * Builds when there is no build, then starts one real server per worker (E2E_BASE_URLS): each
 * worker's journeys share their own server and database, so two workers never see each other's
 * shifts, drawers or sign-in limits, and the journeys of one worker run in file order as before.
 */
export default async function globalSetup() {
  if (process.env.E2E_BASE_URL) return;
  if (!existsSync('dist/index.html')) {
    const build = spawnSync('npm', ['run', 'build'], { stdio: 'inherit' });
    if (build.status !== 0) throw new Error('the build failed');
  }
  const servers = await Promise.all(Array.from({ length: E2E_WORKERS }, () => startServer()));
  process.env.E2E_BASE_URLS = servers.map((s) => s.url).join(',');
  return async () => {
    await Promise.all(servers.map((s) => s.stop()));
  };
}
