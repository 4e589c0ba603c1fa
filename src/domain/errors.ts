// The error catalogue. Every error body the API sends is an ErrorObject.

export const ErrorType = {
  UserExist: 'UserExist',
  NoUserFound: 'NoUserFound',
  SignUpFailed: 'SignUpFailed',
  Unknown: 'Unknown',
  InsufficientFund: 'InsufficientFund',
  LoginFailed: 'LoginFailed',
  OPTSendFailed: 'OPTSendFailed',
  OTPExpired: 'OTPExpired',
  MobileNumberMissing: 'MobileNumberMissing',
  InvalidOTPCode: 'InvalidOTPCode',
  ConfirmVerificationFailed: 'ConfirmVerificationFailed',
  RequestOPTCodeFailed: 'RequestOPTCodeFailed',
  CookiesAuthFailed: 'CookiesAuthFailed',
  UnAuthorized: 'UnAuthorized',
  TokenVerificationError: 'TokenVerificationError',
  TokenExpired: 'TokenExpired',
  OrderPaymentFailed: 'OrderPaymentFailed',
  OrderPaymentError: 'OrderPaymentError',
  CantVerifyOrderPayment: 'CantVerifyOrderPayment',
  PaidAmountNotMatch: 'PaidAmountNotMatch',
  UpdateGasSupplyFailed: 'UpdateGasSupplyFailed',
  AmountNotMatch: 'AmountNotMatch',
  InvalidPaymentGateway: 'InvalidPaymentGateway',
  PaymentGatewayError: 'PaymentGatewayError',
  AmountMissing: 'AmountMissing',
  WalletNotFound: 'WalletNotFound',
  OrderPickedUpAlready: 'OrderPickedUpAlready',
  InvalidPickupCode: 'InvalidPickupCode',
  // Added: the catalogue has no type for these.
  InvalidInput: 'InvalidInput',
  NotFound: 'NotFound',
  Forbidden: 'Forbidden',
  RateLimited: 'RateLimited',
  Conflict: 'Conflict',
  IdempotencyKeyReused: 'IdempotencyKeyReused',
} as const;
export type ErrorType = (typeof ErrorType)[keyof typeof ErrorType];
export const errorTypeValues = Object.values(ErrorType) as [ErrorType, ...ErrorType[]];

export type ErrorObject = {
  message: string;
  status: number;
  additionalInfo?: unknown;
  type: ErrorType;
};

/** HTTP status used when an error of a given type is raised without an explicit status. */
export const defaultErrorStatus: Record<ErrorType, number> = {
  UserExist: 409,
  NoUserFound: 404,
  SignUpFailed: 500,
  Unknown: 500,
  InsufficientFund: 400,
  LoginFailed: 500,
  OPTSendFailed: 502,
  OTPExpired: 400,
  MobileNumberMissing: 400,
  InvalidOTPCode: 400,
  ConfirmVerificationFailed: 400,
  RequestOPTCodeFailed: 500,
  CookiesAuthFailed: 401,
  UnAuthorized: 401,
  TokenVerificationError: 401,
  TokenExpired: 401,
  OrderPaymentFailed: 400,
  OrderPaymentError: 500,
  CantVerifyOrderPayment: 502,
  PaidAmountNotMatch: 400,
  UpdateGasSupplyFailed: 500,
  AmountNotMatch: 400,
  InvalidPaymentGateway: 400,
  PaymentGatewayError: 502,
  AmountMissing: 400,
  WalletNotFound: 404,
  OrderPickedUpAlready: 409,
  InvalidPickupCode: 400,
  InvalidInput: 400,
  NotFound: 404,
  Forbidden: 403,
  RateLimited: 429,
  Conflict: 409,
  IdempotencyKeyReused: 422,
};

export type AppErrorOptions = {
  /** Defaults to `defaultErrorStatus[type]`, i.e. 500 when no type is given either. */
  status?: number;
  type?: ErrorType;
  additionalInfo?: unknown;
};

export class AppError extends Error {
  readonly status: number;
  readonly type: ErrorType;
  readonly additionalInfo?: unknown;

  constructor(message: string, { status, type = 'Unknown', additionalInfo }: AppErrorOptions = {}) {
    super(message);
    this.name = 'AppError';
    this.type = type;
    this.status = status ?? defaultErrorStatus[type];
    if (additionalInfo !== undefined) this.additionalInfo = additionalInfo;
  }

  toJSON(): ErrorObject {
    const body: ErrorObject = { message: this.message, status: this.status, type: this.type };
    if (this.additionalInfo !== undefined) body.additionalInfo = this.additionalInfo;
    return body;
  }
}

const isRecord = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null;

export function isErrorObject(x: unknown): x is ErrorObject {
  return (
    isRecord(x) &&
    typeof x.message === 'string' &&
    typeof x.status === 'number' &&
    Number.isInteger(x.status) &&
    typeof x.type === 'string' &&
    (errorTypeValues as readonly string[]).includes(x.type)
  );
}

/** Turns anything thrown into an ErrorObject (unknown errors become 500 / Unknown). */
export function toErrorObject(x: unknown, fallbackMessage = 'Something went wrong'): ErrorObject {
  if (x instanceof AppError) return x.toJSON();
  if (isErrorObject(x)) return x;
  const message = x instanceof Error && x.message ? x.message : fallbackMessage;
  return { message, status: 500, type: ErrorType.Unknown };
}

/** Wording shown to users, kept verbatim — double spaces and odd spacing are intentional. */
export const userMessages = {
  signupUserExist: 'Account with this detail exist, pls login',
  signupFailed: 'Something went wrong in creating account',
  loginNoUserFound: 'Account with this detail does not exist,  Signup ',
  loginFailed: 'Something went wrong, pls try again',
  otpInvalid: 'OTP has expired or invalid was provide, pls try',
  verificationFailed: 'Something went wrong,  go back to login',
  verificationNoClient: 'Something went wrong in verification, please go to login.',
  mobileFormat: 'Mobile number format is not correct',
  otpIncomplete: 'Please enter the full OTP code.',
  riderMissingFields: 'Please fill all required fields',
  riderPasswordMismatch: 'Passwords do not match',
  paymentPageErrorTitle: 'Payment error',
  paymentPageError: 'Something went wrong with the payment page !',
  paymentErrorTitle: 'Payment Error',
  paymentError: 'Something went wrong with the payment.',
  walletCreateFailed: 'something went wrong, pls try again',
  deviceWalletPaymentFailed:
    'An error occurred while paying with Apple Pay. Please try again or use another payment method.',
  deviceWalletUnavailable: 'No wallet payment method is available on this device',
  deviceWalletNoContainer: 'Container to mount elements was not provided',
  deviceWalletInitFailed: 'Could not initiate apple pay transaction',
  accessDenied: 'Access Denied',
  accessDeniedDetail: 'You do not have permission to view this page.',
  pageNotFound: 'Page not found',
} as const;
export type UserMessageKey = keyof typeof userMessages;

/** Card provider parameter validation messages. */
export const cardParamMessages = {
  requiredMissing: (name: string) => `Required parameter missing: ${name}`,
  invalidType: (name: string) => `Invalid parameter type: ${name}`,
  invalidParameters: 'Invalid transaction parameters',
} as const;
