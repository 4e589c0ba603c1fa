// The mobile number form of /login and /signup as behaviour on its server-rendered
// markup (components/mobile-number-form.tsx). A first visit to /login gets the prerendered page
// and this script alone, a few kilobytes instead of the app, so the form answers within a second
// or two on a 2G connection; inside the app the same markup gets the same behaviour.
import { PHONE_LOCAL_LENGTH } from '../../../../domain/constants';
import {
  isInternationalInProgress,
  isValidMobileFormat,
  mobileFormatMessage,
  mobileInputValue,
} from '../../../../domain/phone';
import { PART_ATTR, part, setBusy, showMessage } from '../../../lib/dom-parts';
import { paths } from '../../../lib/paths';
import { type SignInMode, startSignIn } from '../api/start-sign-in';
import { loginErrorMessage, signupErrorMessage } from '../auth-messages';
import { originFromState, type VerificationState } from '../verification-state';

/** How the form moves on inside the app: its router, and the state this screen was opened with. */
export type SignInNavigation = {
  /** To `href` with `state` as the next screen's navigation state (React Router's `location.state`). */
  navigate: (href: string, state: unknown) => void;
  state: () => unknown;
};

/**
 * Outside the app (the prerendered page), the next screen is a page load of its own: the state is
 * put where React Router reads it on start (`history.state.usr`), then that entry is loaded.
 */
const loadWithState = (href: string, state: unknown) => {
  const idx = typeof window.history.state?.idx === 'number' ? window.history.state.idx + 1 : 1;
  window.history.pushState({ usr: state, key: Math.random().toString(36).slice(2, 10), idx }, '', href);
  window.location.reload();
};

const modes: readonly SignInMode[] = ['login', 'signup'];

/** The number a plain submit of the form put in the page's address (`?mobileNumber=`), removed from it. */
function takeNumberFromAddress(): string | null {
  const params = new URLSearchParams(window.location.search);
  const number = params.get('mobileNumber');
  if (number === null) return null;
  params.delete('mobileNumber');
  const query = params.toString();
  const { pathname, hash } = window.location;
  window.history.replaceState(window.history.state, '', `${pathname}${query ? `?${query}` : ''}${hash}`);
  return number;
}

// A draft like the app's forms: forgotten on sign-out (lib/use-draft.ts forgetDrafts).
const TYPED_NUMBER_KEY = 'arrive.draft.sign-in-number';

/** The number typed on the other sign-in screen of this tab (login for signup, or the other way). */
function typedNumber(mode: SignInMode): string {
  try {
    const kept = JSON.parse(sessionStorage.getItem(TYPED_NUMBER_KEY) ?? 'null') as { mode?: unknown; number?: unknown };
    return kept && kept.mode !== mode && typeof kept.number === 'string' ? kept.number : '';
  } catch {
    return '';
  }
}

/** Keeps what this screen's field holds for the other screen; '' forgets it (a code was sent). */
function rememberTypedNumber(mode: SignInMode, number: string) {
  try {
    if (number) sessionStorage.setItem(TYPED_NUMBER_KEY, JSON.stringify({ mode, number }));
    else sessionStorage.removeItem(TYPED_NUMBER_KEY);
  } catch {
    // A browser that keeps nothing (private mode, storage full): the number is typed again.
  }
}

/**
 * The links the page starts fetching when the visitor starts typing: the next screen's code (the
 * verification screen, listed by scripts/prerender.mjs), so it is in the browser's cache by the time
 * the code has been sent. Nothing is fetched before someone uses the form.
 */
function prefetchNextScreen() {
  const list = document.querySelector<HTMLMetaElement>('meta[name="arrive:next-screen"]')?.content ?? '';
  for (const href of list.split(' ').filter(Boolean)) {
    if (document.querySelector(`link[rel="prefetch"][href="${href}"]`)) continue;
    const link = document.createElement('link');
    link.rel = 'prefetch';
    link.href = href;
    document.head.append(link);
  }
}

/**
 * Digits only, at most 11, pastes normalised (`+234 801 000 0002` → 08010000002); the format
 * message once the number is whole or the field is left; Continue enabled at 11 digits; the code
 * requested once at a time, then the verification screen with the number and where to return.
 * Inside the app, `app` is its router; outside, each screen is a page load with its state.
 */
export function enhanceSignInForm(root: HTMLElement, app?: SignInNavigation): () => void {
  const navigation: SignInNavigation = app ?? { navigate: loadWithState, state: () => window.history.state?.usr };
  const mode = modes.find((m) => m === root.dataset.mode);
  if (!mode) throw new Error(`The sign-in form's mode "${root.dataset.mode}" is unknown`);
  const form = part<HTMLFormElement>(root, 'form');
  const field = part<HTMLInputElement>(form, 'mobile-number');
  const wrapper = field.closest<HTMLElement>('.mantine-InputWrapper-root');
  const error = part(form, 'mobile-number-error');
  const submit = part<HTMLButtonElement>(form, 'submit');
  const problem = part(form, 'problem');
  const detach = new AbortController();
  const { signal } = detach;

  // A reload in the middle of the form: the browser may have put back what was typed.
  let value = mobileInputValue(field.value, '');
  // Enter pressed before this script ran (a slow network) submits the plain form, the browser's
  // implicit submission of a one-field form: the page comes back with the number in its address.
  // It is put back in the field, ready to send with Continue, and taken out of the address; a link
  // carrying a number never sends a code by itself.
  const sent = app ? null : takeNumberFromAddress();
  if (sent !== null && value === '') value = mobileInputValue(sent, '');
  // Sent from one screen to the other ("Account with this detail does not exist" → Sign up, or
  // the other way), the number typed there comes along: this tab's memory, not the address.
  if (value === '' && sent === null) value = mobileInputValue(typedNumber(mode), '');
  let touched = false;
  let pending = false;
  let prefetched = false;

  const render = () => {
    if (field.value !== value) field.value = value;
    // An international number part-way typed (234…) is not wrong yet: it becomes 0… once whole.
    const inProgress = isInternationalInProgress(value) && !touched;
    const complete = value.length === PHONE_LOCAL_LENGTH && !inProgress;
    const wrong = (touched || complete) && !inProgress && value !== '' && !isValidMobileFormat(value);
    error.textContent = wrong ? mobileFormatMessage : '';
    error.hidden = !wrong;
    for (const element of [wrapper, field.parentElement, field]) {
      if (wrong) element?.setAttribute('data-error', 'true');
      else element?.removeAttribute('data-error');
    }
    if (wrong) {
      field.setAttribute('aria-invalid', 'true');
      field.setAttribute('aria-describedby', error.id);
    } else {
      field.removeAttribute('aria-invalid');
      field.removeAttribute('aria-describedby');
    }
    setBusy(submit, pending);
    submit.disabled = !complete;
    if (!complete) submit.setAttribute('data-disabled', 'true');
    return complete && !wrong;
  };

  const edited = (next: string) => {
    value = next;
    rememberTypedNumber(mode, next);
    touched = false;
    showMessage(problem, null);
    render();
    if (!prefetched) {
      prefetched = true;
      prefetchNextScreen();
    }
  };

  const onInput = () => edited(mobileInputValue(field.value, value));

  const onPaste = (event: ClipboardEvent) => {
    const whole = field.selectionStart === 0 && field.selectionEnd === field.value.length;
    // A paste into an empty (or wholly selected) field is one number: read it on its own, so a
    // refused paste leaves what was there.
    if (!whole && field.value !== '') return;
    event.preventDefault();
    edited(mobileInputValue(event.clipboardData?.getData('text') ?? '', value));
  };

  const onBlur = () => {
    touched = true;
    render();
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (pending) return;
    touched = true;
    if (!render()) return;
    pending = true;
    render();
    const origin = originFromState(navigation.state());
    try {
      const result = await startSignIn(mode, value);
      if (signal.aborted) return;
      // The code went to it: neither screen offers this number again.
      rememberTypedNumber(mode, '');
      const state: VerificationState = {
        type: 'mobile',
        mobileNumber: result.mobileNumber,
        origin,
        clientId: result.clientId,
      };
      navigation.navigate(paths.verification.getHref('mobile'), state);
    } catch (failure) {
      if (signal.aborted) return;
      pending = false;
      render();
      showMessage(problem, (mode === 'signup' ? signupErrorMessage : loginErrorMessage)(failure));
    }
  };

  // Outside the app the other screen's link is a page load: it carries where to return, as the
  // app's link does.
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest(`a[${PART_ATTR}="other"]`);
    if (app || !(link instanceof HTMLAnchorElement) || event.button !== 0) return;
    const from = window.history.state?.usr?.from;
    if (typeof from !== 'string' || event.metaKey || event.ctrlKey || event.shiftKey) return;
    event.preventDefault();
    loadWithState(link.pathname, { from });
  };

  field.addEventListener('input', onInput, { signal });
  field.addEventListener('paste', onPaste, { signal });
  field.addEventListener('blur', onBlur, { signal });
  form.addEventListener('submit', onSubmit, { signal });
  form.addEventListener('click', onClick, { signal });
  // The button is rendered as a plain button, so a tap before this script runs cannot send the
  // number in the URL (Enter can: takeNumberFromAddress above): it submits from now on.
  submit.type = 'submit';
  if (render() && sent !== null) submit.focus();
  return () => {
    detach.abort();
    submit.type = 'button';
  };
}
