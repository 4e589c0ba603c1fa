import { fireEvent, screen, waitFor } from '@testing-library/react';
import { type ReactNode, StrictMode, useRef } from 'react';
import { afterEach, beforeEach, describe, expect, it, type Mock, vi } from 'vitest';
import { leadMessages } from '../../../../domain/schemas/leads';
import { renderWithProviders } from '../../../test/render';
import { enhanceLeadForm } from '../enhance/lead-form';
import { useEnhance } from '../enhance/use-enhance';
import { LeadForm, type LeadFormProps } from './lead-form';

const partnerPage: LeadFormProps = {
  service: 'restaurant-partner',
  title: 'Join as a food partner',
  intro: 'Leave your details and a partner manager will call you to get you listed.',
  submitLabel: 'Join as a partner',
  thanks: 'A partner manager will call you within two working days.',
};
const ridePage: LeadFormProps = {
  service: 'ride',
  title: 'Be first to ride in your city',
  intro: 'We are opening city by city.',
  submitLabel: 'Notify me',
  thanks: 'We will text you when rides start near you.',
};

const offline = 'You seem to be offline: your details were not sent. Try again when you have a connection.';

const field = (name: string) => screen.getByRole('textbox', { name });
const type = (name: string, value: string) => fireEvent.input(field(name), { target: { value } });
const button = (name = partnerPage.submitLabel) => screen.getByRole('button', { name });
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
const receipt = () => json(201, { id: 'l1', kind: 'interest', service: 'restaurant-partner', createdAt: '' });

/** How the app runs the enhancers of a public page it renders itself. */
function Enhanced({ children }: { children: ReactNode }) {
  const ref = useRef<HTMLDivElement>(null);
  useEnhance(ref);
  return <div ref={ref}>{children}</div>;
}

let fetchMock: Mock<typeof fetch>;
let detach: (() => void) | undefined;

/** Renders the form as the server would, then runs its enhancer on it. */
function setup(props: LeadFormProps = partnerPage, { enhanced = true } = {}) {
  renderWithProviders(<LeadForm {...props} />);
  const root = document.querySelector<HTMLElement>('[data-enhance="lead-form"]');
  if (!root) throw new Error('The lead form has no data-enhance root');
  if (enhanced) detach = enhanceLeadForm(root);
  return root;
}

function fillPartner() {
  type('Your name', '  Ngozi Okafor ');
  type('Phone number', '08034567890');
  type('City', 'Enugu');
  type('Business name', 'Ngozi Kitchen');
}

/** What the form sent in its n-th request. */
function sent(n = 0) {
  const [url, init] = fetchMock.mock.calls[n] ?? [];
  return { url, init, headers: init?.headers as Record<string, string>, body: JSON.parse(String(init?.body)) };
}

describe('LeadForm', () => {
  beforeEach(() => {
    fetchMock = vi.fn<typeof fetch>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    detach?.();
    detach = undefined;
    vi.unstubAllGlobals();
  });

  it('renders a form named by its heading, whose button cannot submit before it is enhanced', () => {
    const root = setup(partnerPage, { enhanced: false });
    expect(screen.getByRole('form', { name: 'Join as a food partner' })).toBeInTheDocument();
    for (const name of ['Your name', 'Phone number', 'City', 'Business name']) expect(field(name)).toBeRequired();
    expect(button()).toHaveAttribute('type', 'button');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByTestId('lead-thanks')).not.toBeVisible();

    const submitted = vi.fn();
    root.querySelector('form')?.addEventListener('submit', submitted);
    fireEvent.click(button());
    expect(submitted).not.toHaveBeenCalled();

    detach = enhanceLeadForm(root);
    expect(button()).toHaveAttribute('type', 'submit');
  });

  it('asks for the business name on partner pages only', () => {
    setup(ridePage);
    expect(screen.queryByRole('textbox', { name: 'Business name' })).not.toBeInTheDocument();
  });

  it('shows each field’s message as its description, focuses the first, and sends nothing', () => {
    setup();
    fireEvent.click(button());
    expect(field('Your name')).toHaveAccessibleDescription(leadMessages.name);
    expect(field('Phone number')).toHaveAccessibleDescription(leadMessages.phone);
    expect(field('City')).toHaveAccessibleDescription(leadMessages.city);
    expect(field('Business name')).toHaveAccessibleDescription(leadMessages.businessName);
    expect(field('Your name')).toBeInvalid();
    expect(field('Your name')).toHaveAttribute('data-error', 'true');
    expect(field('Your name').parentElement).toHaveAttribute('data-error', 'true');
    expect(screen.getByText(leadMessages.name)).toBeVisible();
    expect(field('Your name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    type('Your name', 'Ngozi Okafor');
    type('Phone number', '08034567890');
    type('City', 'Enugu');
    fireEvent.click(button());
    for (const name of ['Your name', 'Phone number', 'City']) {
      expect(field(name)).toHaveAccessibleDescription('');
      expect(field(name)).not.toBeInvalid();
      expect(field(name).parentElement).not.toHaveAttribute('data-error');
    }
    expect(screen.queryByText(leadMessages.name)).not.toBeInTheDocument();
    expect(field('Business name')).toHaveAccessibleDescription('Enter your business name');
    expect(field('Business name')).toHaveFocus();
    expect(fetchMock).not.toHaveBeenCalled();

    type('Business name', 'N');
    expect(field('Business name')).not.toBeInvalid();
    expect(screen.queryByText(leadMessages.businessName)).not.toBeInTheDocument();
  });

  it('keeps digits only in the phone number', () => {
    setup();
    type('Phone number', '0803-456 7890');
    expect(field('Phone number')).toHaveValue('08034567890');
  });

  it('sends the lead once with its key and headers, then thanks the visitor', async () => {
    fetchMock.mockResolvedValue(receipt());
    setup();
    fillPartner();
    fireEvent.click(button());

    const thanks = await screen.findByRole('status');
    expect(thanks).toBe(screen.getByTestId('lead-thanks'));
    expect(thanks).toBeVisible();
    expect(thanks).toHaveFocus();
    expect(thanks).toHaveTextContent('Thank you, Ngozi Okafor!');
    expect(thanks).toHaveTextContent(partnerPage.thanks);
    expect(thanks).toHaveTextContent('We will call 08034567890.');
    expect(screen.getByRole('form', { hidden: true })).not.toBeVisible();

    expect(fetchMock).toHaveBeenCalledTimes(1);
    const { url, init, headers, body } = sent();
    expect(url).toBe('/api/leads/interest');
    expect(init).toMatchObject({ method: 'POST', credentials: 'include' });
    expect(init?.signal).toBeInstanceOf(AbortSignal);
    expect(headers).toMatchObject({
      'x-platform': 'web',
      accept: 'application/json',
      'content-type': 'application/json',
    });
    expect(headers['idempotency-key']).toMatch(/\S{8,}/);
    expect(body).toEqual({
      service: 'restaurant-partner',
      name: '  Ngozi Okafor ',
      phone: '08034567890',
      city: 'Enugu',
      businessName: 'Ngozi Kitchen',
    });
  });

  it('leaves the business name out on other pages', async () => {
    fetchMock.mockResolvedValue(receipt());
    setup(ridePage);
    type('Your name', 'Tunde Bakare');
    type('Phone number', '08098765432');
    type('City', 'Lagos');
    fireEvent.click(button('Notify me'));
    await screen.findByTestId('lead-thanks');
    expect(sent().body).toEqual({ service: 'ride', name: 'Tunde Bakare', phone: '08098765432', city: 'Lagos' });
  });

  it('says so when offline, and a retry of the same values reuses the key while an edit gets a new one', async () => {
    fetchMock.mockRejectedValue(new TypeError('Failed to fetch'));
    setup();
    fillPartner();
    fireEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(offline);
    expect(button()).not.toHaveAttribute('aria-busy');

    fireEvent.click(button());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    await waitFor(() => expect(button()).not.toHaveAttribute('aria-busy'));
    expect(sent(1).headers['idempotency-key']).toBe(sent(0).headers['idempotency-key']);

    type('City', 'Enugu North');
    fireEvent.click(button());
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(3));
    expect(sent(2).headers['idempotency-key']).not.toBe(sent(0).headers['idempotency-key']);
  });

  it('counts a gateway error as being offline', async () => {
    fetchMock.mockResolvedValue(new Response('Bad gateway', { status: 503 }));
    setup();
    fillPartner();
    fireEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(offline);
  });

  it('shows the server’s message, or a general one when the answer has none', async () => {
    fetchMock.mockResolvedValueOnce(json(429, { type: 'RateLimited', status: 429, message: leadMessages.rateLimited }));
    fetchMock.mockResolvedValueOnce(new Response('<h1>Internal error</h1>', { status: 500 }));
    setup();
    fillPartner();
    fireEvent.click(button());
    expect(await screen.findByRole('alert')).toHaveTextContent(leadMessages.rateLimited);

    fireEvent.click(button());
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('Something went wrong, pls try again'));
    expect(screen.getByTestId('lead-thanks')).not.toBeVisible();
  });

  it('shows the button busy and sends nothing more while the lead is on its way', async () => {
    let answer: (response: Response) => void = () => {};
    fetchMock.mockImplementation(() => new Promise<Response>((resolve) => (answer = resolve)));
    const root = setup();
    fillPartner();
    const submit = button();
    fireEvent.click(submit);
    expect(submit).toHaveAttribute('aria-busy', 'true');
    expect(submit).toHaveAttribute('aria-disabled', 'true');
    expect(submit).toHaveAccessibleName('Loading...');
    fireEvent.click(submit);
    root.querySelector('form')?.requestSubmit();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    answer(receipt());
    expect(await screen.findByTestId('lead-thanks')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('detaches completely, and can be enhanced again (React StrictMode runs it twice)', async () => {
    fetchMock.mockResolvedValue(receipt());
    const root = setup();
    detach?.();
    detach = undefined;
    expect(button()).toHaveAttribute('type', 'button');
    type('Phone number', '0803-456');
    expect(field('Phone number')).toHaveValue('0803-456');
    const form = root.querySelector('form');
    const event = new Event('submit', { cancelable: true });
    form?.dispatchEvent(event);
    expect(event.defaultPrevented).toBe(false);
    expect(fetchMock).not.toHaveBeenCalled();

    detach = enhanceLeadForm(root);
    fillPartner();
    fireEvent.click(button());
    await screen.findByTestId('lead-thanks');
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('works when the app renders it under StrictMode (enhanced, detached, enhanced again)', async () => {
    fetchMock.mockResolvedValue(receipt());
    renderWithProviders(
      <StrictMode>
        <Enhanced>
          <LeadForm {...partnerPage} />
        </Enhanced>
      </StrictMode>,
    );
    await waitFor(() => expect(button()).toHaveAttribute('type', 'submit'));
    fillPartner();
    fireEvent.click(button());
    expect(await screen.findByTestId('lead-thanks')).toBeVisible();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
