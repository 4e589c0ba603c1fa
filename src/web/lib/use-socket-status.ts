import { useSyncExternalStore } from 'react';
import { getSocketStatus, type SocketStatus, subscribeSocketStatus } from './socket';

/** The pickup channel's connection state, for the screens. */
export function useSocketStatus(): SocketStatus {
  return useSyncExternalStore(subscribeSocketStatus, getSocketStatus, () => 'idle');
}
