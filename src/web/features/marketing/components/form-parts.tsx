import { Alert, Button } from '@mantine/core';
import type { ReactNode } from 'react';

/** The hidden failure panel of a public form; the enhancer fills its message (enhance/form-ui.ts). */
export function ProblemAlert({ testId }: { testId?: string }) {
  return (
    <Alert color="red" variant="light" role="alert" hidden data-testid={testId} data-part="problem">
      <span data-part="message" />
    </Alert>
  );
}

/** A public form's submit button: a plain button until the enhancer arms it, 'Loading...' while busy. */
export function SubmitButton({ label, fullWidth }: { label: string; fullWidth?: boolean }) {
  return (
    <Button type="button" size="lg" fullWidth={fullWidth} data-part="submit">
      <span data-part="label">{label}</span>
      <span data-part="busy" hidden>
        Loading...
      </span>
    </Button>
  );
}

/**
 * What shows in place of a sent form: hidden until the form's script fills its `data-part` spans
 * and reveals it, focusable so the focus can move to it.
 */
export function DoneAlert({
  title,
  testId,
  part,
  children,
}: {
  title: ReactNode;
  testId: string;
  part: string;
  children: ReactNode;
}) {
  return (
    <Alert
      hidden
      tabIndex={-1}
      color="green"
      variant="light"
      title={title}
      role="status"
      data-testid={testId}
      data-part={part}
    >
      {children}
    </Alert>
  );
}
