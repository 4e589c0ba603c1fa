import { Alert, Center, Loader } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * The three states a list shows before its rows: loading, failed, and loaded with nothing in it.
 * Each is announced (status or alert) so a screen reader hears what a sighted person sees.
 */
export function QueryStates({
  query,
  of,
  empty,
}: {
  query: { isPending: boolean; error: Error | null };
  /** What is listed, as the screen says it: "the leads" gives "Loading the leads" and "Could not load the leads". */
  of: string;
  /** Given once the data is in and there is nothing to list; null otherwise. */
  empty: { title: string; text: ReactNode } | null;
}) {
  return (
    <>
      {query.isPending && (
        <Center py="xl">
          <Loader role="status" aria-label={`Loading ${of}`} />
        </Center>
      )}
      {query.error && (
        <Alert color="red" role="alert" title={`Could not load ${of}`}>
          {query.error.message}
        </Alert>
      )}
      {empty && (
        <Alert color="blue" role="status" title={empty.title}>
          {empty.text}
        </Alert>
      )}
    </>
  );
}

/**
 * What a screen shows instead of its content while its data loads or after it failed to load;
 * null once the data is there. `announce: false` for a failure shown without the alert role.
 */
export function whileLoading(
  query: { isPending: boolean; error: Error | null },
  { loading, failed, announce = true }: { loading: string; failed: string; announce?: boolean },
): ReactNode {
  if (query.isPending) return <Loader role="status" aria-label={loading} />;
  if (query.error) {
    return (
      <Alert color="red" title={failed} role={announce ? 'alert' : undefined}>
        {query.error.message}
      </Alert>
    );
  }
  return null;
}
