import { Alert, Anchor } from '@mantine/core';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';

/**
 * Sales made on this tablet that the server refused when they synced: their cash is in the
 * drawer and in no sale. Said on the shift page and the dashboard, not only on the sale screen,
 * where each one is listed with what to do.
 */
export function RefusedSalesAlert({ count }: { count: number }) {
  return (
    <Alert color="red" p="xs" title={count === 1 ? 'A sale was refused' : `${count} sales were refused`}>
      {count === 1 ? 'It was' : 'They were'} taken on this tablet but not recorded: give the customer their money back
      or sell again.{' '}
      <Anchor component={Link} to={paths.dashboard.sell.getHref()} c="inherit" fw={700} underline="always">
        See {count === 1 ? 'it' : 'them'} on the sale screen
      </Anchor>
    </Alert>
  );
}
