import { Alert } from '@mantine/core';
import { copyAge } from '../lib/copy-age';
import { useOnline } from '../lib/use-online';

type Props = {
  /** Whether the data came from the device rather than the network. */
  fromCache: boolean;
  updatedAt: number;
  /** What is old, as a sentence start: 'Prices', 'Balance and transactions'. */
  what: string;
  /** What still needs a connection, said before the client tries it. */
  needsNetwork?: string;
};

/**
 * "Prices from 2 h ago": shown when what is on screen is the copy saved on this device (or the
 * browser is offline), so the client knows its age before relying on it.
 */
export function SavedCopyAge({ fromCache, updatedAt, what, needsNetwork }: Props) {
  const online = useOnline();
  if (online && !fromCache) return null;
  return (
    <Alert color="gray" variant="light" role="status" title={`${what} from ${copyAge(updatedAt)}`}>
      {online ? 'The latest could not be loaded; this is the copy saved on this device.' : 'You are offline.'}
      {needsNetwork ? ` ${needsNetwork}` : ''}
    </Alert>
  );
}
