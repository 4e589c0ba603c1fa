import { isIPv6 } from 'node:net';

/**
 * The address the per-address sign-in limits count. An IPv4 address counts as itself; an IPv6
 * address counts by its /64, because one home, phone or cloud machine is given a whole /64: counted
 * one by one, a single attacker would hold billions of "addresses".
 */
export function limitedAddress(ip: string): string {
  const bare = ip.replace(/%.*$/, '');
  if (!isIPv6(bare)) return ip;
  const mapped = bare.match(/^::ffff:(\d+\.\d+\.\d+\.\d+)$/i);
  if (mapped?.[1]) return mapped[1];
  const [head = '', tail] = bare.toLowerCase().split('::');
  const headGroups = head ? head.split(':') : [];
  // An embedded IPv4 tail (…:1.2.3.4) stands for two groups; it never reaches the /64 anyway.
  const tailGroups = tail ? tail.split(':').flatMap((g) => (g.includes('.') ? ['0', '0'] : [g])) : [];
  const groups =
    tail === undefined
      ? headGroups
      : [...headGroups, ...Array<string>(8 - headGroups.length - tailGroups.length).fill('0'), ...tailGroups];
  return `${groups
    .slice(0, 4)
    .map((g) => Number.parseInt(g, 16).toString(16))
    .join(':')}::/64`;
}
