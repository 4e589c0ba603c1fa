import { TextInput, type TextInputProps } from '@mantine/core';
import type { ClipboardEvent } from 'react';
import { mobileInputValue } from '../../../../domain/phone';

export type MobileNumberInputProps = Omit<TextInputProps, 'value' | 'onChange' | 'onPaste' | 'maxLength'> & {
  value: string;
  onChange: (value: string) => void;
};

/**
 * The mobile number field (SPEC §5: digits only, at most 11) that takes a number however it was
 * written down or copied: `0801 000 0002`, `+234 801 000 0002`, `(0801) 000-0002` all become
 * 08010000002 (see `mobileInputValue`). There is deliberately no maxLength: the browser would cut
 * the pasted text at 11 characters, before its spaces and '+234' are dropped, and turn
 * "+234 801 000 0002" into "23480100".
 */
export function MobileNumberInput({ value, onChange, ...props }: MobileNumberInputProps) {
  const onPaste = (event: ClipboardEvent<HTMLInputElement>) => {
    const field = event.currentTarget;
    const whole = field.selectionStart === 0 && field.selectionEnd === field.value.length;
    // A paste into an empty (or wholly selected) field is one number: read it on its own, so a
    // refused paste leaves what was there.
    if (!whole && field.value !== '') return;
    event.preventDefault();
    onChange(mobileInputValue(event.clipboardData.getData('text'), value));
  };
  return (
    <TextInput
      type="tel"
      inputMode="tel"
      autoComplete="tel-national"
      {...props}
      value={value}
      onChange={(event) => onChange(mobileInputValue(event.currentTarget.value, value))}
      onPaste={onPaste}
    />
  );
}
