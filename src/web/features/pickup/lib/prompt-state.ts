import type { PickupRequest, ServerEventPayload } from '../../../../domain/realtime-events';

/** The requests waiting for this client's answer, oldest first, and what happened to the last one. */
export type PromptState = {
  requests: PickupRequest[];
  /** Seconds left announced by CancelWarning, by pickup id. */
  warnings: Record<string, number>;
  sending: string | null;
  error: string | null;
};

export type PromptAction =
  | { type: 'requested'; request: PickupRequest }
  | { type: 'warned'; payload: ServerEventPayload<'CancelWarning'> }
  | { type: 'closed'; pickupId: string }
  | { type: 'sending'; pickupId: string }
  | { type: 'failed'; message: string };

export const initialPromptState: PromptState = { requests: [], warnings: {}, sending: null, error: null };

export function promptReducer(state: PromptState, action: PromptAction): PromptState {
  switch (action.type) {
    case 'requested': {
      // The same request arrives again after a reconnection: keep one, with the latest data.
      const others = state.requests.filter((r) => r.pickupId !== action.request.pickupId);
      return { ...state, requests: [...others, action.request] };
    }
    case 'warned':
      return { ...state, warnings: { ...state.warnings, [action.payload.pickupId]: action.payload.secondsLeft } };
    case 'closed': {
      const { [action.pickupId]: _gone, ...warnings } = state.warnings;
      return {
        requests: state.requests.filter((r) => r.pickupId !== action.pickupId),
        warnings,
        sending: state.sending === action.pickupId ? null : state.sending,
        error: state.sending === action.pickupId ? null : state.error,
      };
    }
    case 'sending':
      return { ...state, sending: action.pickupId, error: null };
    case 'failed':
      return { ...state, sending: null, error: action.message };
  }
}
