import { Alert, Button, Group, Stack, Textarea } from '@mantine/core';
import { type FormEvent, useState } from 'react';
import { useMutation } from '../../../lib/use-mutation';

/**
 * A follow-up done with a note: one button opens the note, a second records it. The note may be
 * required (a resolved payment problem says what was done).
 */
export function NoteAction(props: {
  /** "Mark contacted", "Resolve", … */
  action: string;
  noteLabel: string;
  noteRequired?: boolean;
  /** What the row is, for the buttons' accessible names. */
  subject: string;
  onSave: (note: string) => Promise<unknown>;
}) {
  const [open, setOpen] = useState(false);
  const [note, setNote] = useState('');
  const save = useMutation({ mutationFn: () => props.onSave(note.trim()) });
  const missing = props.noteRequired === true && note.trim().length === 0;
  if (!open) {
    return (
      <Button
        variant="light"
        onClick={() => setOpen(true)}
        aria-label={`${props.action}: ${props.subject}`}
        w="fit-content"
      >
        {props.action}
      </Button>
    );
  }
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!missing) save.mutate();
  };
  return (
    <form onSubmit={submit}>
      <Stack gap="xs">
        <Textarea
          label={props.noteLabel}
          value={note}
          onChange={(e) => setNote(e.currentTarget.value)}
          required={props.noteRequired}
          autosize
          minRows={2}
          maxLength={500}
          data-autofocus
        />
        {save.error && (
          <Alert color="red" role="alert" title="Not saved">
            {save.error.message}
          </Alert>
        )}
        <Group gap="xs">
          <Button type="submit" size="md" mih={44} loading={save.isPending} disabled={missing}>
            {props.action}
          </Button>
          <Button variant="default" size="md" mih={44} onClick={() => setOpen(false)} disabled={save.isPending}>
            Cancel
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
