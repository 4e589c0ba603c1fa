import { ErrorType, userMessages } from '../../../domain/errors';
import { ApiError } from '../../lib/api-client';

// The product's wording (domain/errors.ts, userMessages) for each failure of the sign-in screens. A rate limit is the one
// exception: its own message says how long to wait, which "try again" would hide.

const rateLimitMessage = (error: unknown) =>
  error instanceof ApiError && error.type === ErrorType.RateLimited ? error.message : null;

export function signupErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.type === ErrorType.UserExist) return userMessages.signupUserExist;
  return rateLimitMessage(error) ?? userMessages.signupFailed;
}

export function loginErrorMessage(error: unknown): string {
  if (error instanceof ApiError && error.type === ErrorType.NoUserFound) return userMessages.loginNoUserFound;
  return rateLimitMessage(error) ?? userMessages.loginFailed;
}

export function verificationErrorMessage(error: unknown): string {
  if (error instanceof ApiError) {
    if (error.type === ErrorType.InvalidOTPCode || error.type === ErrorType.OTPExpired) return userMessages.otpInvalid;
    if (error.type === ErrorType.MobileNumberMissing) return userMessages.verificationNoClient;
  }
  return rateLimitMessage(error) ?? userMessages.verificationFailed;
}
