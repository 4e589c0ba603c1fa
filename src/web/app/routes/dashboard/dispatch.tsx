import { DispatchBoardScreen } from '../../../features/dispatch/components/dispatch-board-screen';

export function Component() {
  return <DispatchBoardScreen />;
}
