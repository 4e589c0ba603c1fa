import { useQuery } from '@tanstack/react-query';
import { centersQueryOptions } from '../../../features/centers/api/get-centers';
import { DispatchBoardScreen } from '../../../features/dispatch/components/dispatch-board-screen';

export function Component() {
  // The centers name the board and, for a CEO or a Manager, the choice of another center's.
  const centers = useQuery(centersQueryOptions()).data;
  return <DispatchBoardScreen centers={centers} />;
}
