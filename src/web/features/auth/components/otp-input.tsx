import { Group, TextInput } from '@mantine/core';
import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import { OTP_LENGTH } from '../../../../domain/constants';

export type OtpInputProps = {
  /** One entry per box: a digit or ''. */
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
  /** Enter in a box: the parent decides whether the code is complete. */
  onSubmit?: () => void;
  error?: boolean;
};

export const emptyOtp = () => Array.from({ length: OTP_LENGTH }, () => '');

/**
 * Six single-digit boxes (SPEC §2, §5): typing a digit moves on, Backspace in an empty box goes
 * back, and a paste fills every box only when its first six characters are all digits.
 */
export function OtpInput({ value, onChange, disabled, onSubmit, error }: OtpInputProps) {
  const refs = useRef<(HTMLInputElement | null)[]>([]);
  // Keys can arrive faster than React renders: each change builds on the last one made, not on
  // the value of the last render.
  const latest = useRef(value);
  latest.current = value;
  const focus = (index: number) => refs.current[Math.max(0, Math.min(OTP_LENGTH - 1, index))]?.focus();

  const setDigit = (index: number, digit: string) => {
    const next = [...latest.current];
    next[index] = digit;
    latest.current = next;
    onChange(next);
  };

  const handleChange = (index: number, raw: string) => {
    // The box may hold the old digit plus the new one: keep the one just typed.
    const digit = raw.replace(/\D/g, '').slice(-1);
    if (!digit) {
      if (raw === '') setDigit(index, '');
      return;
    }
    setDigit(index, digit);
    if (index < OTP_LENGTH - 1) focus(index + 1);
  };

  const handleKeyDown = (index: number, event: KeyboardEvent<HTMLInputElement>) => {
    if (/^\d$/.test(event.key) && !event.ctrlKey && !event.metaKey && !event.altKey) {
      // Handled here rather than in onChange: typing the digit a box already holds changes
      // nothing in the field, so no change event would move on to the next box.
      event.preventDefault();
      setDigit(index, event.key);
      if (index < OTP_LENGTH - 1) focus(index + 1);
    } else if (event.key === 'Backspace') {
      event.preventDefault();
      if (latest.current[index]) setDigit(index, '');
      else if (index > 0) {
        setDigit(index - 1, '');
        focus(index - 1);
      }
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focus(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focus(index + 1);
    } else if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit?.();
    }
  };

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const first = event.clipboardData.getData('text').trim().slice(0, OTP_LENGTH);
    if (!new RegExp(`^\\d{${OTP_LENGTH}}$`).test(first)) return;
    latest.current = first.split('');
    onChange(latest.current);
    focus(OTP_LENGTH - 1);
  };

  return (
    <Group gap={8} justify="center" wrap="nowrap" role="group" aria-label="One-time code">
      {value.map((digit, index) => (
        <TextInput
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, never reordered
          key={index}
          ref={(el) => {
            refs.current[index] = el;
          }}
          value={digit}
          onChange={(e) => handleChange(index, e.currentTarget.value)}
          onKeyDown={(e) => handleKeyDown(index, e)}
          onPaste={handlePaste}
          onFocus={(e) => e.currentTarget.select()}
          disabled={disabled}
          error={error}
          aria-label={`Digit ${index + 1} of ${OTP_LENGTH}`}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          maxLength={2}
          size="lg"
          w={{ base: 42, xs: 50 }}
          styles={{ input: { textAlign: 'center', fontWeight: 700, fontSize: 22, paddingInline: 0 } }}
        />
      ))}
    </Group>
  );
}
