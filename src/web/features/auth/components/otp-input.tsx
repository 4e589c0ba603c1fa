import { type ClipboardEvent, type KeyboardEvent, useId, useState } from 'react';
import { OTP_LENGTH } from '../../../../domain/constants';
import classes from './otp-input.module.css';

export type OtpInputProps = {
  /** The code typed so far: up to six digits. */
  value: string;
  onChange: (value: string) => void;
  disabled?: boolean;
  /** Enter: the parent decides whether the code is complete. */
  onSubmit?: () => void;
  error?: boolean;
  /** Names what the field is for, e.g. "One-time code". */
  label?: string;
};

const ONLY_DIGITS = new RegExp(`^\\d{${OTP_LENGTH}}$`);

/**
 * The digits are read left to right, box by box: the caret stays after the last one (Backspace
 * takes it back), except that a whole code may be selected so that typing replaces it.
 */
function keepCaretAtEnd(field: HTMLInputElement, selectWholeCode: boolean) {
  const end = field.value.length;
  if (end === OTP_LENGTH && (selectWholeCode || (field.selectionStart === 0 && field.selectionEnd === end))) {
    field.setSelectionRange(0, end);
  } else if (field.selectionStart !== end || field.selectionEnd !== end) {
    field.setSelectionRange(end, end);
  }
}

/** What the field keeps of its text: digits only, six at most. */
export const otpDigits = (raw: string) => raw.replace(/\D/g, '').slice(0, OTP_LENGTH);

const HALVES = OTP_LENGTH / 2;
const CODE_IN_TEXT = new RegExp(`(?<![\\d-])\\d{${HALVES}}[ -]?\\d{${HALVES}}(?![\\d-])`, 'g');

/**
 * The code in a pasted text, or null. Spaces, dashes and dots between the digits are the way
 * codes are written ("482 913", "482-913"), so they are left out; a pasted text message is read
 * for its one code ("Your Arrive code is 482913."). Anything else (letters among the first six,
 * two codes in one message) fills nothing rather than a wrong code.
 */
export function pastedCode(text: string): string | null {
  const first = text.replace(/[\s.-]/g, '').slice(0, OTP_LENGTH);
  if (ONLY_DIGITS.test(first)) return first;
  const codes = text.match(CODE_IN_TEXT) ?? [];
  return codes.length === 1 ? otpDigits(codes[0] ?? '') : null;
}

/**
 * The six-box code entry, built as ONE input drawn as six boxes. Typing never moves
 * focus: the browser appends each key to the same field, so however fast the keys come and
 * whatever renders in between (the countdown, the sign-in check, a new version of the app
 * installing), no digit has a box to miss. It is also the field the browser fills from the SMS
 * (autocomplete="one-time-code") and the one a screen reader announces as a single code.
 * A paste fills the code only when it holds one (`pastedCode`).
 */
export function OtpInput({ value, onChange, disabled, onSubmit, error, label = 'One-time code' }: OtpInputProps) {
  const [focused, setFocused] = useState(false);
  const hintId = useId();
  const active = Math.min(value.length, OTP_LENGTH - 1);

  const handlePaste = (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    const code = pastedCode(event.clipboardData.getData('text'));
    if (code) onChange(code);
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      event.preventDefault();
      onSubmit?.();
    }
  };

  return (
    <div
      className={classes.root}
      data-error={error || undefined}
      data-disabled={disabled || undefined}
      data-focused={(focused && !disabled) || undefined}
    >
      <div className={classes.boxes} aria-hidden="true">
        {Array.from({ length: OTP_LENGTH }, (_, index) => (
          <span
            // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, never reordered
            key={index}
            className={classes.box}
            data-active={index === active || undefined}
          >
            {value[index] ?? ''}
          </span>
        ))}
      </div>
      <input
        className={classes.input}
        value={value}
        onChange={(event) => onChange(otpDigits(event.currentTarget.value))}
        onPaste={handlePaste}
        onKeyDown={handleKeyDown}
        onFocus={(event) => {
          setFocused(true);
          const target = event.currentTarget;
          // A whole code already there (say a wrong one) is selected, so the next digits replace
          // it. Only one that was there at focus: digits typed since (fast typing, a slow frame)
          // must not be selected, or the next key would wipe them.
          const wholeAtFocus = target.value.length === OTP_LENGTH;
          requestAnimationFrame(() => {
            if (document.activeElement === target) keepCaretAtEnd(target, wholeAtFocus);
          });
        }}
        onClick={(event) => keepCaretAtEnd(event.currentTarget, true)}
        onBlur={() => setFocused(false)}
        onSelect={(event) => keepCaretAtEnd(event.currentTarget, false)}
        disabled={disabled}
        aria-label={label}
        aria-describedby={hintId}
        aria-invalid={error || undefined}
        type="text"
        inputMode="numeric"
        autoComplete="one-time-code"
        pattern="[0-9]*"
        maxLength={OTP_LENGTH}
        spellCheck={false}
        autoCorrect="off"
        autoCapitalize="off"
        name="otp"
      />
      <span id={hintId} hidden>
        {`${OTP_LENGTH} digits`}
      </span>
    </div>
  );
}
