import { Box } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { isPrivileged } from '../../../../domain/access';
import { MoveOrderAction } from '../../../features/centers/components/move-order-dialog';
import { orderDetailQueryOptions } from '../../../features/dispatch/api/get-order-detail';
import { dispatchKeys } from '../../../features/dispatch/api/keys';
import { OrderDetailScreen } from '../../../features/dispatch/components/order-detail-screen';
import { useStaffAuth } from '../../layouts/dashboard/use-staff-auth';

export function Component() {
  const { orderId = '' } = useParams();
  return <OrderDetail key={orderId} orderId={orderId} />;
}

function OrderDetail({ orderId }: { orderId: string }) {
  // Moving an order to another gas center: Manager or CEO access (the server's rule too).
  const mayMove = isPrivileged(useStaffAuth()?.client.staff?.access ?? []);
  // The screen's own read (one request for both); a copy read offline offers no move.
  const order = useQuery({ ...orderDetailQueryOptions(orderId), enabled: mayMove });
  const queryClient = useQueryClient();
  const o = order.data && !order.data.fromCache ? order.data.data : null;
  return (
    <>
      <OrderDetailScreen orderId={orderId} />
      {mayMove && o && (
        <Box mt="md">
          <MoveOrderAction
            order={o}
            onMoved={() => void queryClient.invalidateQueries({ queryKey: dispatchKeys.orderDetail(orderId) })}
          />
        </Box>
      )}
    </>
  );
}
