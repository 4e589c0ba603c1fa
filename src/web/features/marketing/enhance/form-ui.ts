// What the two public forms share once enhanced: their inputs, the thank-you panel, sending once
// at a time and arming the submit button (the parts themselves: lib/dom-parts.ts).
import { filterMobileInput } from '../../../../domain/phone';
import { part, setBusy, showMessage } from '../../../lib/dom-parts';
import { createRequestKeys } from '../../../lib/idempotency-key';
import { LeadRequestError } from '../api/post-lead';

/** The form's input called `name`. */
export function input(form: HTMLFormElement, name: string): HTMLInputElement {
  const element = form.querySelector<HTMLInputElement>(`input[name="${name}"]`);
  if (!element) throw new Error(`The form has no input "${name}"`);
  return element;
}

/** Swaps the form for its thank-you panel and moves the focus there. */
export function showDone(form: HTMLFormElement, done: HTMLElement) {
  form.hidden = true;
  done.hidden = false;
  done.focus();
}

export type FailureTexts = { offline: string; unknown: string };

/** What to tell the visitor when a submission failed. */
export function failureText(error: unknown, texts: FailureTexts): string {
  if (!(error instanceof LeadRequestError)) return texts.unknown;
  if (error.isNetworkError) return texts.offline;
  return error.serverMessage ?? texts.unknown;
}

/** Keeps the phone input to digits as it is typed or pasted. */
export function keepDigits(phone: HTMLInputElement) {
  const kept = filterMobileInput(phone.value);
  if (kept !== phone.value) phone.value = kept;
}

export type FormSubmission = {
  form: HTMLFormElement;
  submit: HTMLButtonElement;
  /** The role=alert panel for a failed submission. */
  problem: HTMLElement;
  /** The thank-you panel, with `name` and `phone` slots. */
  done: HTMLElement;
  texts: FailureTexts;
  signal: AbortSignal;
};

/**
 * Sends a checked form once at a time: the button is busy meanwhile, then the thank-you panel shows
 * the name and phone, or the problem panel says what went wrong. Resolves false while one is pending.
 */
export function createSender({ form, submit, problem, done, texts, signal }: FormSubmission) {
  let pending = false;
  return {
    get pending() {
      return pending;
    },
    async send(request: () => Promise<unknown>, thanks: { name: string; phone: string }) {
      pending = true;
      setBusy(submit, true);
      try {
        await request();
        if (signal.aborted) return;
        part(done, 'name').textContent = thanks.name.trim();
        part(done, 'phone').textContent = thanks.phone;
        showDone(form, done);
      } catch (error) {
        if (!signal.aborted) showMessage(problem, failureText(error, texts));
      } finally {
        pending = false;
        if (!signal.aborted) setBusy(submit, false);
      }
    },
  };
}

/**
 * The submit button is rendered as a plain button, so a tap before this script runs cannot send the
 * fields in the URL: it submits from now on. Returns what undoes that.
 */
export function armSubmit(submit: HTMLButtonElement) {
  submit.type = 'submit';
  return () => {
    submit.type = 'button';
    setBusy(submit, false);
  };
}

/**
 * The working parts of an enhanced public form: its submit button and problem panel, its
 * thank-you panel (`donePart` of `root`), a key per distinct request, and its sender. `start`
 * arms the submit button once the listeners (added with `signal`) are on, and returns what undoes
 * it all, including any answer still on its way.
 */
export function formParts(root: HTMLElement, form: HTMLFormElement, donePart: string, texts: FailureTexts) {
  const submit = part<HTMLButtonElement>(form, 'submit');
  const problem = part(form, 'problem');
  const done = part(root, donePart);
  const { keyFor: nextKey } = createRequestKeys();
  const detach = new AbortController();
  const { signal } = detach;
  const sender = createSender({ form, submit, problem, done, texts, signal });
  const start = () => {
    const disarm = armSubmit(submit);
    return () => {
      detach.abort();
      disarm();
    };
  };
  return { problem, nextKey, signal, sender, start };
}
