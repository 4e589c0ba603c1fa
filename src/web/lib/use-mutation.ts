// Every action the screens send (an order placed, a top-up confirmed, an order cancelled, a sale)
// goes through this hook: TanStack Query's useMutation, sending a call at most once while the same
// call is on its way. A button shows 'Loading...' and ignores clicks only once React has drawn the
// pending state, and on a slow phone a second tap lands before that: without this, the
// same order was placed, cancelled or paid twice (the server's idempotency kept the money right,
// but the second answer, a Conflict, was shown as an error over an action that had succeeded).
import {
  type DefaultError,
  type QueryClient,
  type UseMutationOptions,
  type UseMutationResult,
  useMutation as useQueryMutation,
} from '@tanstack/react-query';
import { useCallback, useRef } from 'react';

/** The same call: its variables written out (a call with none is one call). */
const callKey = (variables: unknown) => {
  try {
    return JSON.stringify(variables) ?? '';
  } catch {
    return String(variables);
  }
};

const ignore = () => {};

/**
 * useMutation whose `mutate` and `mutateAsync` ignore a call made with the same variables while the
 * first is on its way (`mutateAsync` answers the first call's promise); different variables (a
 * list's rows sharing one hook) are sent as before.
 */
export function useMutation<TData = unknown, TError = DefaultError, TVariables = void, TOnMutateResult = unknown>(
  options: UseMutationOptions<TData, TError, TVariables, TOnMutateResult>,
  queryClient?: QueryClient,
): UseMutationResult<TData, TError, TVariables, TOnMutateResult> {
  const result = useQueryMutation(options, queryClient);
  const onTheirWay = useRef(new Map<string, Promise<TData>>());
  const send = result.mutateAsync;
  const mutateAsync = useCallback<typeof send>(
    (...call) => {
      const key = callKey(call[0]);
      const sent = onTheirWay.current.get(key);
      if (sent) return sent;
      const sending = send(...call).finally(() => onTheirWay.current.delete(key));
      onTheirWay.current.set(key, sending);
      return sending;
    },
    [send],
  );
  const mutate = useCallback<typeof result.mutate>(
    (...call) => {
      mutateAsync(...call).catch(ignore);
    },
    [mutateAsync],
  );
  return { ...result, mutate, mutateAsync } as UseMutationResult<TData, TError, TVariables, TOnMutateResult>;
}
