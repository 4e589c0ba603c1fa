// Reads a V8 CPU profile (what `node --cpu-prof` writes): the frames where the time was spent.
import type { Profiler } from 'node:inspector';

export type Frame = { frame: string; selfPct: number };

/** Where a frame's code lives: a package, a file of ours, node itself, or V8 (GC, native). */
function owner(url: string): string {
  if (!url) return '(native / V8)';
  const m = /node_modules\/((@[^/]+\/)?[^/]+)/.exec(url);
  if (m?.[1]) return m[1];
  const ours = /\/((src|bench)\/.*)$/.exec(url);
  if (ours?.[1]) return ours[1].replace(/\/[^/]+$/, '/');
  return url.startsWith('node:') ? `node:${url.slice(5).split('/')[0]}` : url;
}

/** `where` shortened to the package or the repository path. */
function place(url: string, line: number): string {
  if (!url) return '';
  const modules = url.lastIndexOf('node_modules/');
  const short =
    modules >= 0
      ? url.slice(modules + 'node_modules/'.length)
      : url.includes('/src/') || url.includes('/bench/')
        ? url.slice(url.search(/\/(src|bench)\//) + 1)
        : url.replace(/^file:\/\//, '');
  return `${short}:${line + 1}`;
}

/**
 * The top frames by self time (samples in the frame itself), over the busy samples: idle time
 * (waiting for the network or the database) is left out, so the shares say where the CPU went.
 */
export function summariseProfile(
  profile: Profiler.Profile,
  top: number,
): { busyMs: number; frames: Frame[]; owners: Frame[] } {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  const byOwner = new Map<string, number>();
  let busy = 0;
  const samples = profile.samples ?? [];
  const deltas = profile.timeDeltas ?? [];
  for (let i = 0; i < samples.length; i++) {
    const node = byId.get(samples[i] as number);
    // Idle, and the profiler's own work (node:inspector) when it is stopped.
    if (!node || node.callFrame.functionName === '(idle)' || node.callFrame.url === 'node:inspector') continue;
    const dt = deltas[i] ?? 0;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'} ${place(url, lineNumber)}`.trim();
    self.set(key, (self.get(key) ?? 0) + dt);
    const who = node.callFrame.functionName === '(garbage collector)' ? '(garbage collector)' : owner(url);
    byOwner.set(who, (byOwner.get(who) ?? 0) + dt);
    busy += dt;
  }
  const rank = (m: Map<string, number>) =>
    [...m.entries()]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([frame, us]) => ({ frame, selfPct: busy ? (100 * us) / busy : 0 }));
  return { busyMs: busy / 1000, frames: rank(self), owners: rank(byOwner) };
}
