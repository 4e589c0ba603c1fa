import { useOnline } from '../lib/use-online';

/** A clear banner while offline; screens that need the network say so themselves. */
export function OfflineBanner() {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      style={{ background: '#343a40', color: '#fff', padding: '6px 12px', textAlign: 'center', fontSize: 14 }}
    >
      You are offline. Saved pages still work; changes will wait for the network.
    </div>
  );
}
