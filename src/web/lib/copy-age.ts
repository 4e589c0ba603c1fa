const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How old a saved copy is, in the words a client reads at a glance: 'just now', '5 min ago',
 * '2 h ago', 'yesterday', '3 days ago'.
 */
export function copyAge(updatedAt: number, now: number = Date.now()): string {
  const age = Math.max(0, now - updatedAt);
  if (age < MINUTE) return 'just now';
  if (age < HOUR) return `${Math.floor(age / MINUTE)} min ago`;
  if (age < DAY) return `${Math.floor(age / HOUR)} h ago`;
  const days = Math.floor(age / DAY);
  return days === 1 ? 'yesterday' : `${days} days ago`;
}
