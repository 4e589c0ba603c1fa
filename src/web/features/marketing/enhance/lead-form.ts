// The register-interest form of a service or partner page: checks the fields with the server's
// schema, sends the lead once per set of values, then thanks the visitor.
import {
  type InterestLeadBody,
  interestLeadBodySchema,
  isLeadService,
  isPartnerService,
} from '../../../../domain/schemas/leads';
import { part, showMessage } from '../../../lib/dom-parts';
import { submitInterest } from '../api/submit-interest';
import { formParts, input, keepDigits } from './form-ui';
import type { Enhancer } from './types';

const fields = ['name', 'phone', 'city', 'businessName'] as const;
type Field = (typeof fields)[number];

const texts = {
  offline: 'You seem to be offline: your details were not sent. Try again when you have a connection.',
  unknown: 'Something went wrong, pls try again',
};

/** Shows `message` under the field, in Mantine's error style and as the input's description; or clears it. */
function setFieldError(field: HTMLInputElement, message: string | undefined) {
  const root = field.closest<HTMLElement>('[data-field]');
  const slot = root && part(root, 'error');
  const text = slot && part(slot, 'message');
  for (const element of [root, field.parentElement, field]) {
    if (message) element?.setAttribute('data-error', 'true');
    else element?.removeAttribute('data-error');
  }
  if (message && text) {
    field.setAttribute('aria-invalid', 'true');
    field.setAttribute('aria-describedby', text.id);
  } else {
    field.removeAttribute('aria-invalid');
    field.removeAttribute('aria-describedby');
  }
  if (text) text.textContent = message ?? '';
  if (slot) slot.hidden = !message;
}

export const enhanceLeadForm: Enhancer = (root) => {
  const service = root.dataset.service ?? '';
  if (!isLeadService(service)) throw new Error(`The lead form's service "${service}" is unknown`);
  const partner = isPartnerService(service);
  const form = part<HTMLFormElement>(root, 'form');
  const inputs = {
    name: input(form, 'name'),
    phone: input(form, 'phone'),
    city: input(form, 'city'),
    businessName: partner ? input(form, 'businessName') : null,
  } satisfies Record<Field, HTMLInputElement | null>;
  const { problem, nextKey, signal, sender, start } = formParts(root, form, 'thanks', texts);

  const onInput = (event: Event) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement)) return;
    if (target === inputs.phone) keepDigits(target);
    if (target.hasAttribute('aria-invalid')) setFieldError(target, undefined);
  };

  const onSubmit = async (event: SubmitEvent) => {
    event.preventDefault();
    if (sender.pending) return;
    keepDigits(inputs.phone);
    const body: InterestLeadBody = {
      service,
      name: inputs.name.value,
      phone: inputs.phone.value,
      city: inputs.city.value,
      businessName: inputs.businessName?.value,
    };
    const parsed = interestLeadBodySchema.safeParse(body);
    const found: Partial<Record<Field, string>> = {};
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0] as Field;
      found[field] ??= issue.message;
    }
    for (const field of fields) {
      const element = inputs[field];
      if (element) setFieldError(element, found[field]);
    }
    showMessage(problem, null);
    if (!parsed.success) {
      const first = fields.find((field) => found[field]);
      if (first) inputs[first]?.focus();
      return;
    }
    await sender.send(() => submitInterest(body, nextKey(body), signal), { name: body.name, phone: body.phone });
  };

  form.addEventListener('input', onInput, { signal });
  form.addEventListener('submit', onSubmit, { signal });
  return start();
};
