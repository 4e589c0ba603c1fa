import { Alert, Stack, Text, TextInput, Title } from '@mantine/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { filterMobileInput } from '../../../../domain/phone';
import { interestLeadBodySchema, isPartnerService, type LeadService } from '../../../../domain/schemas/leads';
import { LoadingButton } from '../../../components/loading-button';
import { ApiError } from '../../../lib/api-client';
import { useSubmitInterest } from '../api/submit-interest';
import { useHydrated } from '../hooks/use-hydrated';
import { createSubmissionKeys } from './submission-key';

type Fields = { name: string; phone: string; city: string; businessName: string };
type FieldErrors = Partial<Record<keyof Fields, string>>;

export type LeadFormProps = {
  service: LeadService;
  title: string;
  intro: string;
  submitLabel: string;
  thanks: string;
};

/** The short register-interest form of a service or partner page, with its thank-you state. */
export function LeadForm({ service, title, intro, submitLabel, thanks }: LeadFormProps) {
  const partner = isPartnerService(service);
  const headingId = useId();
  const [values, setValues] = useState<Fields>({ name: '', phone: '', city: '', businessName: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [nextKey] = useState(createSubmissionKeys);
  const mutation = useSubmitInterest(service);
  const hydrated = useHydrated();
  const thanksRef = useRef<HTMLDivElement>(null);

  const set = (field: keyof Fields) => (event: { currentTarget: { value: string } }) => {
    const value = field === 'phone' ? filterMobileInput(event.currentTarget.value) : event.currentTarget.value;
    setValues((v) => ({ ...v, [field]: value }));
    setErrors((e) => ({ ...e, [field]: undefined }));
  };

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const body = { service, ...values, businessName: partner ? values.businessName : undefined };
    const parsed = interestLeadBodySchema.safeParse(body);
    if (!parsed.success) {
      const found: FieldErrors = {};
      for (const issue of parsed.error.issues) {
        const field = issue.path[0] as keyof Fields;
        found[field] ??= issue.message;
      }
      setErrors(found);
      const first = (['name', 'phone', 'city', 'businessName'] as const).find((f) => found[f]);
      if (first) document.getElementById(`${headingId}-${first}`)?.focus();
      return;
    }
    mutation.mutate(
      { body, idempotencyKey: nextKey(body) },
      { onSuccess: () => requestAnimationFrame(() => thanksRef.current?.focus()) },
    );
  };

  if (mutation.isSuccess) {
    return (
      <Alert
        ref={thanksRef}
        tabIndex={-1}
        color="green"
        variant="light"
        title={`Thank you, ${values.name.trim()}!`}
        role="status"
        data-testid="lead-thanks"
      >
        <Text size="sm">{thanks}</Text>
        <Text size="sm" mt={4}>
          We will call {values.phone}.
        </Text>
      </Alert>
    );
  }

  const serverError =
    mutation.error instanceof ApiError
      ? mutation.error.isNetworkError
        ? 'You seem to be offline: your details were not sent. Try again when you have a connection.'
        : mutation.error.message
      : mutation.error
        ? 'Something went wrong, pls try again'
        : null;

  return (
    <form onSubmit={onSubmit} noValidate aria-labelledby={headingId}>
      <Stack gap="sm">
        <Title order={2} id={headingId} size="h3">
          {title}
        </Title>
        <Text size="sm" c="dark.5">
          {intro}
        </Text>
        <TextInput
          id={`${headingId}-name`}
          label="Your name"
          name="name"
          autoComplete="name"
          required
          value={values.name}
          onChange={set('name')}
          error={errors.name}
        />
        <TextInput
          id={`${headingId}-phone`}
          label="Phone number"
          name="phone"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="08031234567"
          required
          value={values.phone}
          onChange={set('phone')}
          error={errors.phone}
        />
        <TextInput
          id={`${headingId}-city`}
          label="City"
          name="city"
          autoComplete="address-level2"
          required
          value={values.city}
          onChange={set('city')}
          error={errors.city}
        />
        {partner && (
          <TextInput
            id={`${headingId}-businessName`}
            label="Business name"
            name="businessName"
            autoComplete="organization"
            required
            value={values.businessName}
            onChange={set('businessName')}
            error={errors.businessName}
          />
        )}
        {serverError && (
          <Alert color="red" variant="light" role="alert">
            {serverError}
          </Alert>
        )}
        <LoadingButton type={hydrated ? 'submit' : 'button'} loading={mutation.isPending} size="md">
          {submitLabel}
        </LoadingButton>
      </Stack>
    </form>
  );
}
