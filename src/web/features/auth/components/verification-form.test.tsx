import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '../../../../domain/schemas/auth';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import type { VerificationState } from '../verification-state';
import { VerificationForm } from './verification-form';

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const state: VerificationState = {
  type: 'mobile',
  mobileNumber: '08031234567',
  origin: '/wallet',
  clientId: '6b7f1c9e-0000-4000-8000-000000000001',
};
const auth = {
  isLogin: true,
  isVerified: true,
  clientId: state.clientId,
  client: {
    id: state.clientId,
    phoneLocal: '08031234567',
    phoneInternational: '2348031234567',
    firstname: null,
    lastname: null,
    email: null,
    staff: null,
  },
};
const sent: AuthResult = {
  ...state,
  isLogin: false,
  isVerified: true,
  phoneInternational: '2348031234567',
  otpExpiresAt: '',
};

const field = () => screen.getByLabelText('One-time code') as HTMLInputElement;
/** Types the digits one input event at a time, as a browser delivers them. */
const type = (digits: string) => {
  fireEvent.change(field(), { target: { value: '' } });
  for (const d of digits) fireEvent.change(field(), { target: { value: field().value + d } });
};

describe('VerificationForm', () => {
  it('keeps Verify disabled until every box holds a digit, and asks for the full code on Enter', () => {
    fakeApi({});
    renderWithProviders(<VerificationForm state={state} onVerified={() => {}} />, { route: '/' });
    const verify = screen.getByRole('button', { name: 'Verify' });
    expect(verify).toBeDisabled();
    type('12345');
    expect(verify).toBeDisabled();
    fireEvent.keyDown(field(), { key: 'Enter' });
    expect(screen.getByRole('alert')).toHaveTextContent('Please enter the full OTP code.');
    type('123456');
    expect(verify).toBeEnabled();
  });

  it('sends the code and reports the signed-in client', async () => {
    const api = fakeApi({ 'POST auth/opt_confirmation': [{ status: 200, body: { auth } }] });
    const onVerified = vi.fn();
    renderWithProviders(<VerificationForm state={state} onVerified={onVerified} />, { route: '/' });
    type('123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(auth));
    expect(api.calls.find((c) => c.path === 'auth/opt_confirmation')?.body).toEqual({ optCode: '123456' });
  });

  it('shows the product wording for a wrong or expired code and for other failures', async () => {
    fakeApi({
      'POST auth/opt_confirmation': [
        { status: 400, body: { message: 'wrong', status: 400, type: 'InvalidOTPCode' } },
        { status: 400, body: { message: 'late', status: 400, type: 'OTPExpired' } },
        { status: 500, body: { message: 'boom', status: 500, type: 'ConfirmVerificationFailed' } },
      ],
    });
    renderWithProviders(<VerificationForm state={state} onVerified={() => {}} />, { route: '/' });
    const expected = [
      'OTP has expired or invalid was provide, pls try',
      'OTP has expired or invalid was provide, pls try',
      'Something went wrong, go back to login',
    ];
    for (const message of expected) {
      type('123456');
      fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
      expect(await screen.findByRole('alert')).toHaveTextContent(message);
    }
  });

  it('locks everything when no client id is known', () => {
    fakeApi({});
    renderWithProviders(<VerificationForm state={null} onVerified={() => {}} />, { route: '/' });
    expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong in verification, please go to login.');
    expect(field()).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Verify' })).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Back to Login' })).toHaveAttribute('href', '/login');
  });

  it("counts down from 170 s, then 'Resend Code' clears the boxes, asks again and restarts", async () => {
    vi.useFakeTimers();
    const api = fakeApi({ 'POST auth/opt_request': [{ status: 200, body: sent }] });
    renderWithProviders(<VerificationForm state={state} onVerified={() => {}} />, { route: '/' });
    expect(screen.getByText('Resend code in 2:50')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend Code' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.getByText('Resend code in 2:49')).toBeInTheDocument();
    type('123');
    act(() => {
      vi.advanceTimersByTime(169_000);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Resend Code' }));
    expect(screen.getByText('Resend code in 2:50')).toBeInTheDocument();
    expect(field()).toHaveValue('');
    vi.useRealTimers();
    await waitFor(() => expect(api.calls.some((c) => c.path === 'auth/opt_request')).toBe(true));
    expect(api.calls.find((c) => c.path === 'auth/opt_request')?.body).toEqual({});
  });

  it('fills the boxes from the SMS through WebOTP and verifies, and aborts the request on leaving', async () => {
    const api = fakeApi({ 'POST auth/opt_confirmation': [{ status: 200, body: { auth } }] });
    let signal: AbortSignal | undefined;
    let answer: (credential: { code: string }) => void = () => {};
    vi.stubGlobal('OTPCredential', class {});
    const get = vi.fn((options: { otp?: { transport: string[] }; signal?: AbortSignal }) => {
      signal = options.signal;
      return new Promise((resolve) => {
        answer = resolve;
      });
    });
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator), { credentials: { get } }));
    const onVerified = vi.fn();
    const view = renderWithProviders(<VerificationForm state={state} onVerified={onVerified} />, { route: '/' });
    expect(get).toHaveBeenCalledWith(expect.objectContaining({ otp: { transport: ['sms'] } }));
    await act(async () => answer({ code: '604193' }));
    expect(field()).toHaveValue('604193');
    await waitFor(() => expect(onVerified).toHaveBeenCalledWith(auth));
    expect(api.calls.find((c) => c.path === 'auth/opt_confirmation')?.body).toEqual({ optCode: '604193' });
    view.unmount();
    expect(signal?.aborted).toBe(true);
  });
});
