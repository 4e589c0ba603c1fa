import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AuthResult } from '../../../../domain/schemas/auth';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { MobileNumberForm } from './mobile-number-form';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

const result: AuthResult = {
  clientId: '6b7f1c9e-0000-4000-8000-000000000001',
  isLogin: false,
  isVerified: true,
  mobileNumber: '08031234567',
  phoneInternational: '2348031234567',
  otpExpiresAt: new Date().toISOString(),
};

describe('MobileNumberForm', () => {
  it('keeps digits only, at most 11, and enables Continue at 11 digits', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<MobileNumberForm mode="login" />, { route: '/login', path: '/login' });
    const input = screen.getByLabelText(/Mobile number/);
    const button = screen.getByRole('button', { name: 'Continue' });
    await user.type(input, '08a03-123 4567999');
    expect(input).toHaveValue('08031234567');
    expect(button).toBeEnabled();
    await user.clear(input);
    await user.type(input, '0803');
    expect(button).toBeDisabled();
  });

  it("says 'Mobile number format is not correct' for 11 digits that are not a number", async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<MobileNumberForm mode="signup" />, { route: '/signup', path: '/signup' });
    await user.type(screen.getByLabelText(/Mobile number/), '12345678901');
    expect(screen.getByText('Mobile number format is not correct')).toBeInTheDocument();
  });

  it('sends the international form and goes to verification with the navigation state', async () => {
    const api = fakeApi({ 'POST auth/login': [{ status: 200, body: result }] });
    const user = userEvent.setup();
    renderWithProviders(<MobileNumberForm mode="login" />, {
      route: '/login',
      path: { pathname: '/login', state: { from: '/wallet' } },
    });
    await user.type(screen.getByLabelText(/Mobile number/), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    const where = await screen.findByTestId('location');
    expect(where).toHaveTextContent('/auth/verification/mobile');
    expect(JSON.parse(where.dataset.state ?? 'null')).toEqual({
      type: 'mobile',
      mobileNumber: '08031234567',
      origin: '/wallet',
      clientId: result.clientId,
    });
    expect(api.calls.find((c) => c.path === 'auth/login')?.body).toEqual({ phoneNumber: '2348031234567' });
  });

  it('shows the product wording for an unknown number and for an existing account', async () => {
    fakeApi({
      'POST auth/login': [{ status: 404, body: { message: 'No account', status: 404, type: 'NoUserFound' } }],
      'POST auth/signup': [{ status: 409, body: { message: 'Exists', status: 409, type: 'UserExist' } }],
    });
    const user = userEvent.setup();
    const login = renderWithProviders(<MobileNumberForm mode="login" />, { route: '/login', path: '/login' });
    await user.type(screen.getByLabelText(/Mobile number/), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Account with this detail does not exist, Signup');
    login.unmount();

    renderWithProviders(<MobileNumberForm mode="signup" />, { route: '/signup', path: '/signup' });
    await user.type(screen.getByLabelText(/Mobile number/), '08031234567');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Account with this detail exist, pls login');
  });

  it('brings the number typed on login to sign-up (an unknown number is told to sign up)', async () => {
    fakeApi({});
    const user = userEvent.setup();
    const login = renderWithProviders(<MobileNumberForm mode="login" />, { route: '/login', path: '/login' });
    await user.type(screen.getByLabelText(/Mobile number/), '08031234567');
    login.unmount();
    const signup = renderWithProviders(<MobileNumberForm mode="signup" />, { route: '/signup', path: '/signup' });
    expect(screen.getByLabelText(/Mobile number/)).toHaveValue('08031234567');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
    signup.unmount();
    // Back on login itself the field is empty: a number pasted there is read whole.
    renderWithProviders(<MobileNumberForm mode="login" />, { route: '/login', path: '/login' });
    expect(screen.getByLabelText(/Mobile number/)).toHaveValue('');
  });

  it('links login and signup to each other', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<MobileNumberForm mode="login" />, { route: '/login', path: '/login' });
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    await waitFor(() => expect(screen.getByTestId('location')).toHaveTextContent('/signup'));
  });

  it.each([['0801 000 0002'], ['+234 801 000 0002'], ['2348010000002'], ['(0801) 000-0002']])(
    'takes a pasted %s as 08010000002 and sends that number',
    async (pasted) => {
      const api = fakeApi({ 'POST auth/login': [{ status: 200, body: result }] });
      const user = userEvent.setup();
      renderWithProviders(<MobileNumberForm mode="login" />, { route: '/login', path: '/login' });
      const input = screen.getByLabelText(/Mobile number/);
      fireEvent.paste(input, { clipboardData: { getData: () => pasted } });
      expect(input).toHaveValue('08010000002');
      await user.click(screen.getByRole('button', { name: 'Continue' }));
      await screen.findByTestId('location');
      expect(api.calls.find((c) => c.path === 'auth/login')?.body).toEqual({ phoneNumber: '2348010000002' });
    },
  );

  it('never cuts a pasted number down to a different one', async () => {
    fakeApi({});
    const user = userEvent.setup();
    renderWithProviders(<MobileNumberForm mode="login" />, { route: '/login', path: '/login' });
    const input = screen.getByLabelText(/Mobile number/);
    fireEvent.paste(input, { clipboardData: { getData: () => '080100000021' } });
    expect(input).toHaveValue('');
    // Typed key by key, an international number waits until it is whole, without an error.
    await user.type(input, '+234 801 000 000');
    expect(input).toHaveValue('234801000000');
    expect(screen.queryByText('Mobile number format is not correct')).toBeNull();
    expect(screen.getByRole('button', { name: 'Continue' })).toBeDisabled();
    await user.type(input, '2');
    expect(input).toHaveValue('08010000002');
    expect(screen.getByRole('button', { name: 'Continue' })).toBeEnabled();
  });
});
