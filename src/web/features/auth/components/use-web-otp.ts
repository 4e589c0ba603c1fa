import { useEffect, useRef } from 'react';
import { otpDigits } from './otp-input';

type OtpCredential = Credential & { code: string };
type OtpRequest = CredentialRequestOptions & { otp: { transport: string[] } };

/** Whether this browser offers the WebOTP API (Chrome on Android). */
export const hasWebOtp = () =>
  typeof window !== 'undefined' && 'OTPCredential' in window && Boolean(navigator.credentials?.get);

/**
 * Asks the browser for the code in the incoming SMS (WebOTP: the SMS ends with `@<host> #<code>`)
 * while `enabled`; the browser shows its own one-tap prompt. The request is aborted when the
 * screen goes away or is locked, so a late answer never lands on another screen.
 */
export function useWebOtp(enabled: boolean, onCode: (code: string) => void) {
  const latest = useRef(onCode);
  latest.current = onCode;
  useEffect(() => {
    if (!enabled || !hasWebOtp()) return;
    const controller = new AbortController();
    const request: OtpRequest = { otp: { transport: ['sms'] }, signal: controller.signal };
    navigator.credentials
      .get(request)
      .then((credential) => {
        const code = otpDigits((credential as OtpCredential | null)?.code ?? '');
        if (!controller.signal.aborted && code) latest.current(code);
      })
      .catch(() => {
        // Aborted, refused by the person, or timed out: the boxes are still there to type in.
      });
    return () => controller.abort();
  }, [enabled]);
}
