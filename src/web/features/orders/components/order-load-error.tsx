import { Alert } from '@mantine/core';
import { ApiError } from '../../../lib/api-client';

/** An order's page that could not be read: no such order on the account, or why the read failed. */
export function OrderLoadError({ error, orderNumber, page }: { error: Error; orderNumber: string; page: string }) {
  const notFound = error instanceof ApiError && error.status === 404;
  return (
    <Alert color="red" title={notFound ? 'Order not found' : `${page} could not be loaded`} role="alert">
      {notFound ? `There is no order ${orderNumber} on your account.` : error.message}
    </Alert>
  );
}
