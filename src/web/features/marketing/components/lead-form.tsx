import { Input, Stack, Text, TextInput, type TextInputProps, Title } from '@mantine/core';
import { useId } from 'react';
import { isPartnerService, type LeadService } from '../../../../domain/schemas/leads';
import { DoneAlert, ProblemAlert, SubmitButton } from './form-parts';

export type LeadFormProps = {
  service: LeadService;
  title: string;
  intro: string;
  submitLabel: string;
  thanks: string;
};

type LeadFieldProps = Omit<TextInputProps, 'id' | 'name'> & { id: string; name: string };

/** A required text field with an empty error slot under it, filled by the form's enhancer. */
function LeadField({ id, name, ...props }: LeadFieldProps) {
  return (
    <TextInput
      size="lg"
      {...props}
      id={id}
      name={name}
      required
      wrapperProps={{ 'data-field': name }}
      inputContainer={(field) => (
        <>
          {field}
          <div data-part="error" hidden style={{ marginTop: 'calc(var(--mantine-spacing-xs) / 2)' }}>
            <Input.Error id={`${id}-error`} data-part="message" />
          </div>
        </>
      )}
    />
  );
}

/**
 * The short register-interest form of a service or partner page, with its thank-you panel.
 * Markup only: enhanceLeadForm (enhance/lead-form.ts) checks, sends and answers.
 */
export function LeadForm({ service, title, intro, submitLabel, thanks }: LeadFormProps) {
  const id = useId();
  const headingId = `${id}-title`;
  return (
    <div data-enhance="lead-form" data-service={service}>
      <form noValidate aria-labelledby={headingId} data-part="form">
        <Stack gap="sm">
          <Title order={2} id={headingId} size="h3">
            {title}
          </Title>
          <Text size="sm" c="dimmed">
            {intro}
          </Text>
          <LeadField id={`${id}-name`} label="Your name" name="name" autoComplete="name" />
          <LeadField
            id={`${id}-phone`}
            label="Phone number"
            name="phone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="08031234567"
          />
          <LeadField id={`${id}-city`} label="City" name="city" autoComplete="address-level2" />
          {isPartnerService(service) && (
            <LeadField
              id={`${id}-businessName`}
              label="Business name"
              name="businessName"
              autoComplete="organization"
            />
          )}
          <ProblemAlert />
          <SubmitButton label={submitLabel} />
        </Stack>
      </form>
      <DoneAlert
        title={
          <>
            Thank you, <span data-part="name" />!
          </>
        }
        testId="lead-thanks"
        part="thanks"
      >
        <Text size="sm">{thanks}</Text>
        <Text size="sm" mt={4}>
          We will call <span data-part="phone" />.
        </Text>
      </DoneAlert>
    </div>
  );
}
