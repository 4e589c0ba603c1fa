import { Container } from '@mantine/core';
import { ORDER_HISTORY_PAGE_SIZE } from '../../../domain/constants';
import { clientOrderPagesQueryOptions } from '../../features/orders/api/get-client-orders';
import { OrderHistoryScreen } from '../../features/orders/components/order-history-screen';
import { paths } from '../../lib/paths';
import type { FirstReadsHandle } from '../first-reads';

/** The history's first page, all statuses (the screen's early read), in the cache before its first drawing. */
export const handle: FirstReadsHandle = {
  firstReads: (queryClient) => [
    queryClient.prefetchInfiniteQuery(clientOrderPagesQueryOptions({ pageSize: ORDER_HISTORY_PAGE_SIZE })),
  ],
};

export function Component() {
  return (
    <Container size="md" py="lg">
      <OrderHistoryScreen orderHref={paths.order.getHref} productsHref={paths.products.getHref()} />
    </Container>
  );
}
