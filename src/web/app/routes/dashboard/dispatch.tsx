import { type QueryClient, useQuery } from '@tanstack/react-query';
import { centersQueryOptions } from '../../../features/centers/api/get-centers';
import { boardQueryOptions } from '../../../features/dispatch/api/deliveries';
import { DispatchBoardScreen } from '../../../features/dispatch/components/dispatch-board-screen';
import { takeBoardReadsFromFirstView } from '../../board-reads';
import type { FirstReadsHandle } from '../../first-reads';

/**
 * The board's first reads (its early reads, lib/early-reads.ts): the shift center's board and the
 * centers. The board's first view may have read both already: the app takes its answers.
 */
export const handle: FirstReadsHandle = {
  firstReads: (queryClient: QueryClient) => {
    const handed = takeBoardReadsFromFirstView();
    if (handed) {
      queryClient.setQueryData(boardQueryOptions().queryKey, handed.board, { updatedAt: handed.updatedAt });
      if (handed.centers) {
        queryClient.setQueryData(centersQueryOptions().queryKey, handed.centers, { updatedAt: handed.updatedAt });
        return [];
      }
      return [queryClient.prefetchQuery(centersQueryOptions())];
    }
    return [
      ...(new URLSearchParams(window.location.search).has('center')
        ? []
        : [queryClient.prefetchQuery(boardQueryOptions())]),
      queryClient.prefetchQuery(centersQueryOptions()),
    ];
  },
};

export function Component() {
  // The centers name the board and, for a CEO or a Manager, the choice of another center's.
  const centers = useQuery(centersQueryOptions()).data;
  return <DispatchBoardScreen centers={centers} />;
}
