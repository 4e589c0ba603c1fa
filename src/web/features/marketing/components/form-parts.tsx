import { Alert, Button } from '@mantine/core';

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
