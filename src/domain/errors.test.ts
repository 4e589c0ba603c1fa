import { describe, expect, it } from 'vitest';
import {
  AppError,
  defaultErrorStatus,
  ErrorType,
  errorTypeValues,
  isErrorObject,
  toErrorObject,
  userMessages,
} from './errors';

describe('AppError', () => {
  it('defaults to status 500 and type Unknown', () => {
    const e = new AppError('boom');
    expect(e).toBeInstanceOf(Error);
    expect(e.status).toBe(500);
    expect(e.type).toBe('Unknown');
    expect(e.toJSON()).toEqual({ message: 'boom', status: 500, type: 'Unknown' });
    expect(Object.keys(e.toJSON())).not.toContain('additionalInfo');
  });

  it('takes the status of its type unless one is given', () => {
    expect(new AppError('x', { type: ErrorType.NoUserFound }).status).toBe(404);
    expect(new AppError('x', { type: ErrorType.NoUserFound, status: 418 }).status).toBe(418);
  });

  it('serialises to the error object shape', () => {
    const e = new AppError('Bad', { type: 'InvalidInput', additionalInfo: { field: 'amount' } });
    const body: unknown = JSON.parse(JSON.stringify(e));
    expect(body).toEqual({
      message: 'Bad',
      status: 400,
      type: 'InvalidInput',
      additionalInfo: { field: 'amount' },
    });
    expect(isErrorObject(body)).toBe(true);
  });
});

describe('error catalogue', () => {
  it('has every original error type plus the added ones', () => {
    const original =
      'UserExist, NoUserFound, SignUpFailed, Unknown, InsufficientFund, LoginFailed, OPTSendFailed, OTPExpired, MobileNumberMissing, InvalidOTPCode, ConfirmVerificationFailed, RequestOPTCodeFailed, CookiesAuthFailed, UnAuthorized, TokenVerificationError, TokenExpired, OrderPaymentFailed, OrderPaymentError, CantVerifyOrderPayment, PaidAmountNotMatch, UpdateGasSupplyFailed, AmountNotMatch, InvalidPaymentGateway, PaymentGatewayError, AmountMissing, WalletNotFound, OrderPickedUpAlready, InvalidPickupCode';
    for (const t of original.split(', ')) expect(errorTypeValues).toContain(t);
    for (const t of ['InvalidInput', 'NotFound', 'Forbidden', 'RateLimited', 'Conflict']) {
      expect(errorTypeValues).toContain(t);
    }
    expect(errorTypeValues).toContain('IdempotencyKeyReused');
    expect(errorTypeValues).toHaveLength(34);
  });

  it('gives every type a sensible HTTP status', () => {
    for (const t of errorTypeValues) {
      expect(defaultErrorStatus[t]).toBeGreaterThanOrEqual(400);
      expect(defaultErrorStatus[t]).toBeLessThan(600);
    }
    expect(defaultErrorStatus.UserExist).toBe(409);
    expect(defaultErrorStatus.UnAuthorized).toBe(401);
    expect(defaultErrorStatus.Forbidden).toBe(403);
    expect(defaultErrorStatus.RateLimited).toBe(429);
    expect(defaultErrorStatus.InsufficientFund).toBe(400);
  });
});

describe('isErrorObject', () => {
  it('accepts only well-formed error objects', () => {
    expect(isErrorObject({ message: 'm', status: 404, type: 'NotFound' })).toBe(true);
    expect(isErrorObject({ message: 'm', status: 404, type: 'Nope' })).toBe(false);
    expect(isErrorObject({ message: 'm', status: '404', type: 'NotFound' })).toBe(false);
    expect(isErrorObject({ status: 404, type: 'NotFound' })).toBe(false);
    expect(isErrorObject(null)).toBe(false);
    expect(isErrorObject('error')).toBe(false);
  });
});

describe('toErrorObject', () => {
  it('keeps app errors and error objects, wraps the rest as 500 Unknown', () => {
    expect(toErrorObject(new AppError('a', { type: 'Conflict' }))).toEqual({
      message: 'a',
      status: 409,
      type: 'Conflict',
    });
    expect(toErrorObject(new Error('plain'))).toEqual({
      message: 'plain',
      status: 500,
      type: 'Unknown',
    });
    expect(toErrorObject(42).status).toBe(500);
  });
});

describe('userMessages', () => {
  it('keeps the product wording verbatim, spacing included', () => {
    expect(userMessages.loginNoUserFound).toBe('Account with this detail does not exist,  Signup ');
    expect(userMessages.verificationFailed).toBe('Something went wrong,  go back to login');
    expect(userMessages.paymentPageError).toBe('Something went wrong with the payment page !');
    expect(userMessages.signupUserExist).toBe('Account with this detail exist, pls login');
    expect(userMessages.otpInvalid).toBe('OTP has expired or invalid was provide, pls try');
    expect(userMessages.walletCreateFailed).toBe('something went wrong, pls try again');
    expect(userMessages.accessDenied).toBe('Access Denied');
    expect(userMessages.pageNotFound).toBe('Page not found');
  });
});
