/**
 * One idempotency key per distinct set of values: a retry of the same submission (a lost answer
 * on a bad network) reuses it, an edited form gets a new one.
 */
export function createSubmissionKeys() {
  let lastValues = '';
  let key = '';
  return (values: unknown) => {
    const text = JSON.stringify(values);
    if (text !== lastValues || !key) {
      lastValues = text;
      key = typeof crypto.randomUUID === 'function' ? crypto.randomUUID() : `${Date.now()}-${Math.random()}`;
    }
    return key;
  };
}
