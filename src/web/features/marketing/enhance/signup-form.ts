// The rider / driver sign-up form: validateRiderSignup's checks, then the application is stored once per set
// of values and the visitor told we will call.
import { type ApplicationBody, applicationRoleValues, validateRiderSignup } from '../../../../domain/schemas/leads';
import { PART_ATTR, part, showMessage } from '../../../lib/dom-parts';
import { submitApplication } from '../api/submit-application';
import { formParts, input, keepDigits } from './form-ui';
import type { Enhancer } from './types';

const texts = {
  offline: 'You seem to be offline: your application was not sent. Try again when you have a connection.',
  unknown: 'Something went wrong in creating account',
};

/** Shows or hides the password next to the button that was pressed. */
function togglePassword(button: HTMLButtonElement) {
  const field = document.getElementById(button.getAttribute('aria-controls') ?? '');
  if (!(field instanceof HTMLInputElement)) return;
  const reveal = field.type === 'password';
  field.type = reveal ? 'text' : 'password';
  button.setAttribute('aria-pressed', String(reveal));
  part(button, 'show').hidden = reveal;
  part(button, 'hide').hidden = !reveal;
}

export const enhanceSignupForm: Enhancer = (root) => {
  const role = applicationRoleValues.find((value) => value === root.dataset.role);
  if (!role) throw new Error(`The sign-up form's role "${root.dataset.role}" is unknown`);
  const form = part<HTMLFormElement>(root, 'form');
  const inputs = {
    fullName: input(form, 'fullName'),
    email: input(form, 'email'),
    phoneNumber: input(form, 'phoneNumber'),
    password: input(form, 'password'),
    confirmPassword: input(form, 'confirmPassword'),
  };
  const { problem, nextKey, signal, sender, start } = formParts(root, form, 'done', texts);

  const onInput = (event: Event) => {
    if (event.target === inputs.phoneNumber) keepDigits(inputs.phoneNumber);
  };

  const onClick = (event: MouseEvent) => {
    const reveal = (event.target as Element | null)?.closest<HTMLButtonElement>(`button[${PART_ATTR}="reveal"]`);
    if (reveal && form.contains(reveal)) togglePassword(reveal);
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (sender.pending) return;
    keepDigits(inputs.phoneNumber);
    const values = {
      fullName: inputs.fullName.value,
      email: inputs.email.value,
      phoneNumber: inputs.phoneNumber.value,
      password: inputs.password.value,
      confirmPassword: inputs.confirmPassword.value,
    };
    const found = validateRiderSignup(values);
    showMessage(problem, found);
    if (found) return;
    console.info('[marketing] sign-up submitted', { role });
    const body: ApplicationBody = { role, ...values };
    await sender.send(() => submitApplication(body, nextKey(body), signal), {
      name: values.fullName,
      phone: values.phoneNumber,
    });
  };

  form.addEventListener('input', onInput, { signal });
  form.addEventListener('click', onClick, { signal });
  form.addEventListener('submit', onSubmit, { signal });
  return start();
};
