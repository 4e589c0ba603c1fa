import type { ParseResult, ServerEventName } from '../../domain/realtime-events';

/** The check of a server event's payload (`parseServerEvent`), as loaded. */
export type EventCheck = (event: ServerEventName, payload: unknown) => ParseResult<unknown>;

/** What the queue keeps at most while the check loads; older events are dropped first. */
export const MAX_WAITING_EVENTS = 100;

/**
 * Server events checked against their schemas, with the schemas loaded when the first event
 * arrives rather than with the page: zod and the channel's schemas cost a long task to evaluate
 * on a slow phone, and most screens never receive an event. A screen that is open for an event
 * (the client's pickup screen, at the counter) has them loaded beforehand (`prepare`), so that
 * event does not wait for their code. Events that arrive while the check loads wait in arrival
 * order and are handed on in that order; an event never overtakes one that came before it. When
 * the check cannot be loaded (the code could not be fetched), the waiting events stay queued and
 * the next event tries again.
 */
export function checkedEvents(
  load: () => Promise<EventCheck>,
  deliver: (event: ServerEventName, data: unknown) => void,
  onMalformed: (event: ServerEventName, message: string) => void,
) {
  let check: EventCheck | null = null;
  let loading = false;
  const waiting: Array<{ event: ServerEventName; payload: unknown }> = [];

  const handOn = (event: ServerEventName, payload: unknown, using: EventCheck) => {
    const checked = using(event, payload);
    if (checked.ok) deliver(event, checked.data);
    else onMalformed(event, checked.message);
  };

  // Each event leaves the queue before it is handed on: a listener that throws loses its own
  // event, and the ones behind it go out with the next event.
  const flush = (using: EventCheck) => {
    for (let next = waiting.shift(); next; next = waiting.shift()) handOn(next.event, next.payload, using);
  };

  const startLoading = () => {
    if (loading) return;
    loading = true;
    load().then(
      (loaded) => {
        check = loaded;
        try {
          flush(loaded);
        } catch (error) {
          console.error('pickup channel: a listener failed', error); // no caller to throw to here
        }
      },
      () => {
        loading = false; // tried again with the next event
      },
    );
  };

  return {
    /** Hands an incoming event on, checked, now if the check is loaded, else once it is. */
    receive(event: ServerEventName, payload: unknown) {
      waiting.push({ event, payload });
      if (waiting.length > MAX_WAITING_EVENTS) waiting.shift();
      if (check) flush(check);
      else startLoading();
    },
    /** Loads the check now, before any event (nothing when it is loaded or loading). */
    prepare() {
      if (!check) startLoading();
    },
    /** Whether the check has been loaded (for tests and the status of the channel). */
    get loaded() {
      return check !== null;
    },
  };
}
