import { useOnline } from '../lib/use-online';

/**
 * A clear banner while offline; screens that need the network say so themselves. `inPage`: above a
 * page's own content (the dashboard's, below its fixed header), with room before the heading.
 */
export function OfflineBanner({ inPage = false }: { inPage?: boolean }) {
  const online = useOnline();
  if (online) return null;
  return (
    <div
      role="status"
      style={{
        background: '#343a40',
        color: '#fff',
        padding: '6px 12px',
        textAlign: 'center',
        fontSize: 14,
        ...(inPage ? { marginBottom: 12, borderRadius: 4 } : {}),
      }}
    >
      You are offline. Saved pages still work; changes will wait for the network.
    </div>
  );
}
