import { Alert } from '@mantine/core';
import { formatDateTime } from '../../../lib/lagos-time';
import { useOnline } from '../../../lib/use-online';

type Props = { fromCache: boolean; updatedAt: number };

/**
 * Says plainly when what is shown is not live: the copy saved on the device (or the one already
 * on screen) and how old it is. Nothing shows while online with fresh data.
 */
export function OfflineCopyNotice({ fromCache, updatedAt }: Props) {
  const online = useOnline();
  if (online && !fromCache) return null;
  return (
    <Alert color="gray" variant="light" title="You are offline" role="status">
      Showing the copy saved on this device, last updated {formatDateTime(updatedAt)}. It will refresh when you are back
      online.
    </Alert>
  );
}
