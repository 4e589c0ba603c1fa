import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { userMessages } from '../../../../domain/errors';
import type { ApplicationRole } from '../../../../domain/schemas/leads';
import { renderWithProviders } from '../../../test/render';
import { enhanceSignupForm } from '../enhance/signup-form';
import { useEnhance } from '../enhance/use-enhance';
import { stubMatchMedia } from '../test/match-media';
import { RiderSignupForm } from './rider-signup-form';

const offline = 'You seem to be offline: your application was not sent. Try again when you have a connection.';

const input = (label: RegExp) => screen.getByLabelText(label);
const fill = (label: RegExp, value: string) => fireEvent.input(input(label), { target: { value } });
const signUp = () => screen.getByRole('button', { name: 'Sign Up' });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const receipt = () => json(201, { id: 'a1', kind: 'application', service: 'driver', createdAt: '' });

function fillValid() {
  fill(/^Full Name/, 'Amaka Nwosu ');
  fill(/^Email/, 'amaka@example.com');
  fill(/^Phone Number/, '0803 123 4567');
  fill(/^Password/, 'a long secret');
  fill(/^Confirm Password/, 'a long secret');
}

/** How the app runs the enhancers of a public page it renders itself. */
function Enhanced({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEnhance(ref);
  return <div ref={ref}>{children}</div>;
}

let fetchMock: Mock<typeof fetch>;
let detach: (() => void) | undefined;

/** Renders the form as the server would, then runs its enhancer on it. */
function setup(role: ApplicationRole = 'rider', { enhanced = true } = {}) {
  renderWithProviders(<RiderSignupForm applicant={role} />);
  const root = document.querySelector<HTMLElement>('[data-enhance="signup-form"]');
  if (!root) throw new Error('The sign-up form has no data-enhance root');
  if (enhanced) detach = enhanceSignupForm(root);
  return root;
}

/** What the form sent in its n-th request. */
function sent(n = 0) {
  const [url, init] = fetchMock.mock.calls[n] ?? [];
  return { url, init, headers: init?.headers as Record<string, string>, body: JSON.parse(String(init?.body)) };
}

describe('RiderSignupForm', () => {
  beforeEach(() => {
    stubMatchMedia(false);
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
    vi.spyOn(console, 'info').mockImplementation(() => {});
  });
  afterEach(() => {
    detach?.();
    detach = undefined;
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('has the five fields and a Sign Up button that cannot submit before it is enhanced', () => {
    const root = setup('rider', { enhanced: false });
    expect(screen.getByRole('form', { name: 'Rider sign-up' })).toBeInTheDocument();
    for (const label of [/^Full Name/, /^Email/, /^Phone Number/, /^Password/, /^Confirm Password/]) {
      expect(input(label)).toBeRequired();
    }
    expect(input(/^Password/)).toHaveAttribute('type', 'password');
    expect(signUp()).toHaveAttribute('type', 'button');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('signup-done')).not.toBeVisible();

    detach = enhanceSignupForm(root);
    expect(signUp()).toHaveAttribute('type', 'submit');
  });

  it.each([
    ['full name', /^Full Name/],
    ['email', /^Email/],
    ['phone number', /^Phone Number/],
    ['password', /^Password/],
  ])('says "Please fill all required fields" when the %s is missing, and sends nothing', (_, label) => {
    setup();
    fillValid();
    fill(label, '');
    fireEvent.click(signUp());
    expect(screen.getByRole('alert')).toHaveTextContent(userMessages.riderMissingFields);
    expect(screen.getByTestId('signup-error')).toBeVisible();
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('says "Passwords do not match" when the confirmation differs, and sends nothing', () => {
    setup('driver');
    fillValid();
    fill(/^Confirm Password/, 'a long secreT');
    fireEvent.click(signUp());
    expect(screen.getByRole('alert')).toHaveTextContent(userMessages.riderPasswordMismatch);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('keeps digits only in the phone number', () => {
    setup();
    fill(/^Phone Number/, '0803-123 4567');
    expect(input(/^Phone Number/)).toHaveValue('08031234567');
  });

  it('shows and hides each password with its toggle', () => {
    setup();
    const [first, second] = screen.getAllByRole('button', { name: 'Toggle password visibility' });
    fireEvent.click(first as HTMLElement);
    expect(input(/^Password/)).toHaveAttribute('type', 'text');
    expect(first).toHaveAttribute('aria-pressed', 'true');
    expect(input(/^Confirm Password/)).toHaveAttribute('type', 'password');
    fireEvent.click(first as HTMLElement);
    expect(input(/^Password/)).toHaveAttribute('type', 'password');
    expect(first).toHaveAttribute('aria-pressed', 'false');
    fireEvent.click(second as HTMLElement);
    expect(input(/^Confirm Password/)).toHaveAttribute('type', 'text');
  });

  it('sends a valid application once, with its key and headers, and confirms it', async () => {
    fetchMock.mockResolvedValue(receipt());
    setup('driver');
    fillValid();
    fireEvent.click(signUp());

    const done = await screen.findByTestId('signup-done');
    expect(done).toBeVisible();
    expect(done).toHaveFocus();
    expect(done).toHaveRole('status');
    expect(done).toHaveTextContent('Application received');
    expect(done).toHaveTextContent(
      'Thank you, Amaka Nwosu. We will call you on 08031234567 to finish your driver account.',
    );
    expect(screen.getByRole('form', { hidden: true })).not.toBeVisible();
    expect(console.info).toHaveBeenCalledWith('[marketing] sign-up submitted', { role: 'driver' });

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { url, init, headers, body } = sent();
    expect(url).toBe('/api/leads/application');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(headers).toMatchObject({
      'x-platform': 'web',
      accept: 'application/json',
      'content-type': 'application/json',
    });
    expect(headers['idempotency-key']).toMatch(/\S{8,}/);
    expect(body).toEqual({
      role: 'driver',
      fullName: 'Amaka Nwosu ',
      email: 'amaka@example.com',
      phoneNumber: '08031234567',
      password: 'a long secret',
      confirmPassword: 'a long secret',
    });
  });

  it('says a rider account for riders', async () => {
    fetchMock.mockResolvedValue(receipt());
    setup('rider');
    fillValid();
    fireEvent.click(signUp());
    expect(await screen.findByTestId('signup-done')).toHaveTextContent('to finish your rider account.');
    expect(sent().body).toMatchObject({ role: 'rider' });
  });

  it('shows the server’s message when the application is refused', async () => {
    fetchMock.mockResolvedValue(
      json(409, { type: 'Conflict', status: 409, message: 'We already have an application' }),
    );
    setup();
    fillValid();
    fireEvent.click(signUp());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('We already have an application'));
    expect(screen.getByTestId('signup-done')).not.toBeVisible();
  });

  it('says so when offline or when the answer makes no sense, reusing the key for the same values', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('Failed to fetch'));
    fetchMock.mockResolvedValueOnce(new Response('oops', { status: 500 }));
    fetchMock.mockResolvedValueOnce(new Response('', { status: 504 }));
    setup();
    fillValid();
    fireEvent.click(signUp());
    expect(await screen.findByRole('alert')).toHaveTextContent(offline);

    fireEvent.click(signUp());
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong in creating account'),
    );
    expect(sent(1).headers['idempotency-key']).toBe(sent(0).headers['idempotency-key']);

    fill(/^Email/, 'amaka.n@example.com');
    fireEvent.click(signUp());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent(offline));
    expect(sent(2).headers['idempotency-key']).not.toBe(sent(0).headers['idempotency-key']);
  });

  it('shows the button busy and sends nothing more while the application is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const root = setup();
    fillValid();
    const button = signUp();
    fireEvent.click(button);
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveAttribute('aria-disabled', 'true');
    expect(button).toHaveAccessibleName('Loading...');
    fireEvent.click(button);
    root.querySelector('form')?.requestSubmit();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer(receipt());
    expect(await screen.findByTestId('signup-done')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('detaches completely, and can be enhanced again (React StrictMode runs it twice)', async () => {
    fetchMock.mockResolvedValue(receipt());
    const root = setup();
    detach?.();
    detach = undefined;
    expect(signUp()).toHaveAttribute('type', 'button');
    fill(/^Phone Number/, '0803-123');
    expect(input(/^Phone Number/)).toHaveValue('0803-123');
    fireEvent.click(screen.getAllByRole('button', { name: 'Toggle password visibility' })[0] as HTMLElement);
    expect(input(/^Password/)).toHaveAttribute('type', 'password');
    const event = new Event('submit', { cancelable: true });
    root.querySelector('form')?.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();

    detach = enhanceSignupForm(root);
    fillValid();
    fireEvent.click(signUp());
    await screen.findByTestId('signup-done');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('works when the app renders it under StrictMode (enhanced, detached, enhanced again)', async () => {
    fetchMock.mockResolvedValue(receipt());
    renderWithProviders(
      <StrictMode>
        <Enhanced>
          <RiderSignupForm applicant="rider" />
        </Enhanced>
      </StrictMode>,
    );
    await waitFor(() => expect(signUp()).toHaveAttribute('type', 'submit'));
    fillValid();
    fireEvent.click(signUp());
    expect(await screen.findByTestId('signup-done')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
