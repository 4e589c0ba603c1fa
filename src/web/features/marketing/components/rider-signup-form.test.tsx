import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { userMessages } from '../../../../domain/errors';
import { renderWithApp, stubMatchMedia } from '../test/render';
import { RiderSignupForm } from './rider-signup-form';

const fill = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'Sign Up' }));

function fillValid() {
  fill(/^Full Name/, 'Amaka Nwosu');
  fill(/^Email/, 'amaka@example.com');
  fill(/^Phone Number/, '0803 123 4567');
  fill(/^Password/, 'a long secret');
  fill(/^Confirm Password/, 'a long secret');
}

describe('RiderSignupForm', () => {
  let fetchSpy: ReturnType<typeof vi.spyOn>;
  beforeEach(() => {
    stubMatchMedia(false);
    fetchSpy = vi.spyOn(globalThis, 'fetch');
  });
  afterEach(() => vi.restoreAllMocks());

  it('has the five fields and the Sign Up button of the sign-up screen', () => {
    renderWithApp(<RiderSignupForm applicant="rider" />);
    for (const label of [/^Full Name/, /^Email/, /^Phone Number/, /^Password/, /^Confirm Password/]) {
      expect(screen.getByLabelText(label)).toBeInTheDocument();
    }
    expect(screen.getByRole('button', { name: 'Sign Up' })).toBeInTheDocument();
  });

  it.each([
    ['full name', /^Full Name/],
    ['email', /^Email/],
    ['phone number', /^Phone Number/],
    ['password', /^Password/],
  ])('says "Please fill all required fields" when the %s is missing, and sends nothing', (_, label) => {
    renderWithApp(<RiderSignupForm applicant="rider" />);
    fillValid();
    fill(label, '');
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(userMessages.riderMissingFields);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('says "Passwords do not match" when the confirmation differs, and sends nothing', () => {
    renderWithApp(<RiderSignupForm applicant="driver" />);
    fillValid();
    fill(/^Confirm Password/, 'a long secreT');
    submit();
    expect(screen.getByRole('alert')).toHaveTextContent(userMessages.riderPasswordMismatch);
    expect(fetchSpy).not.toHaveBeenCalled();
  });

  it('keeps digits only in the phone number', () => {
    renderWithApp(<RiderSignupForm applicant="rider" />);
    fill(/^Phone Number/, '0803-123 4567');
    expect(screen.getByLabelText(/^Phone Number/)).toHaveValue('08031234567');
  });

  it('sends a valid application once, with an idempotency key, and confirms it', async () => {
    const sent: { url: string; key: string | null; body: unknown }[] = [];
    fetchSpy.mockImplementation(async (input: RequestInfo | URL) => {
      const request = input as Request;
      sent.push({
        url: request.url,
        key: request.headers.get('idempotency-key'),
        body: JSON.parse(await request.clone().text()),
      });
      return new Response(JSON.stringify({ id: 'x', kind: 'application', service: 'driver', createdAt: '' }), {
        status: 201,
        headers: { 'content-type': 'application/json' },
      });
    });
    renderWithApp(<RiderSignupForm applicant="driver" />);
    fillValid();
    submit();
    expect(await screen.findByTestId('signup-done')).toHaveTextContent('Thank you, Amaka Nwosu');
    expect(sent).toHaveLength(1);
    expect(sent[0]?.url).toMatch(/\/api\/leads\/application$/);
    expect(sent[0]?.key).toBeTruthy();
    expect(sent[0]?.body).toMatchObject({ role: 'driver', phoneNumber: '08031234567', fullName: 'Amaka Nwosu' });
  });

  it('shows the server’s message when the application is refused', async () => {
    fetchSpy.mockResolvedValue(
      new Response(JSON.stringify({ type: 'Conflict', status: 409, message: 'We already have an application' }), {
        status: 409,
        headers: { 'content-type': 'application/json' },
      }),
    );
    renderWithApp(<RiderSignupForm applicant="rider" />);
    fillValid();
    submit();
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('We already have an application'));
  });
});
