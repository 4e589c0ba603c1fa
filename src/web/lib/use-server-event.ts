import { useEffect, useRef } from 'react';
import type { ServerEventName, ServerEventPayload } from '../../domain/realtime-events';
import { onServerEvent } from './socket';

/** Listens to one pickup event while the component is mounted; the latest handler is always used. */
export function useServerEvent<E extends ServerEventName>(event: E, handler: (payload: ServerEventPayload<E>) => void) {
  const latest = useRef(handler);
  latest.current = handler;
  useEffect(() => onServerEvent(event, (payload) => latest.current(payload)), [event]);
}
