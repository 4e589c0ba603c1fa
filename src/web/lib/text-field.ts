/** What a text input's change hands on: the input, with its new text. */
type TextChange = { currentTarget: { value: string } };

/** A text input's `value` and `onChange` for one string kept in state. */
export const textField = (value: string, set: (value: string) => void) => ({
  value,
  onChange: (event: TextChange) => set(event.currentTarget.value),
});

/** A text input's `value` and `onChange` for one field of a form kept in state as one object. */
export const formField = <K extends string, T extends Record<K, string>>(form: T, setForm: (form: T) => void, key: K) =>
  textField(form[key], (value) => setForm({ ...form, [key]: value }));
