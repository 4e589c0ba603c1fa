import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Center } from '../../../../domain/schemas/center';
import { ikejaCenter, lekkiCenter, twoCenters } from '../../../test/center-fixtures';
import { fakeApi, refusal } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { CentersScreen } from './centers-screen';

afterEach(() => vi.unstubAllGlobals());

const yaba: Center = {
  id: '9e8d7c6b-5a4f-4e3d-8c2b-1a0f9e8d7c6b',
  name: 'Arrive Yaba',
  address: 'Herbert Macaulay Way, Yaba, Lagos',
  location: { lat: 6.5095, lng: 3.3711 },
  phone: null,
  openingHours: null,
};

describe('Gas centers', () => {
  it('lists each center with its address, hours and phone', async () => {
    fakeApi({ 'GET centers': { status: 200, body: { centers: twoCenters } } });
    renderWithProviders(<CentersScreen canAdd />);
    const lekki = await screen.findByRole('article', { name: 'Arrive Lekki' });
    expect(within(lekki).getByText('Admiralty Way, Lekki Phase 1, Lagos')).toBeInTheDocument();
    expect(within(lekki).getByText('Open Mon–Sun 8:00–20:00')).toBeInTheDocument();
    expect(within(lekki).getByText('No counter phone given')).toBeInTheDocument();
    const ikeja = screen.getByRole('article', { name: 'Arrive Gas Center' });
    expect(within(ikeja).getByRole('link', { name: '0801 000 0000' })).toHaveAttribute('href', 'tel:08010000000');
  });

  it('lets a CEO add a center, checked before it is sent, and lists it once added', async () => {
    let listed = twoCenters;
    const api = fakeApi({
      'GET centers': () => ({ status: 200, body: { centers: listed } }),
      'POST centers': () => {
        listed = [...twoCenters, yaba];
        return { status: 201, body: yaba };
      },
    });
    renderWithProviders(<CentersScreen canAdd />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add a gas center' }));
    const form = screen.getByRole('form', { name: 'Add a gas center' });
    expect(within(form).getByLabelText(/^Name/)).toHaveFocus();
    await user.type(within(form).getByLabelText(/^Name/), '  Arrive   Yaba ');
    await user.type(within(form).getByLabelText(/^Address/), 'Herbert Macaulay Way, Yaba, Lagos');
    await user.type(within(form).getByLabelText(/^Latitude/), '95');
    await user.type(within(form).getByLabelText(/^Longitude/), '3.3711');
    await user.click(within(form).getByRole('button', { name: 'Add center' }));
    // A latitude off the globe is said at the field, and nothing is sent.
    expect(await within(form).findByText(/Enter the latitude/)).toBeInTheDocument();
    expect(api.calls.some((c) => c.method === 'POST')).toBe(false);

    await user.clear(within(form).getByLabelText(/^Latitude/));
    await user.type(within(form).getByLabelText(/^Latitude/), '6.5095');
    await user.click(within(form).getByRole('button', { name: 'Add center' }));
    await waitFor(() => expect(api.calls.some((c) => c.method === 'POST')).toBe(true));
    const post = api.calls.find((c) => c.method === 'POST');
    expect(post?.body).toEqual({
      name: 'Arrive Yaba',
      address: 'Herbert Macaulay Way, Yaba, Lagos',
      location: { lat: 6.5095, lng: 3.3711 },
      phone: null,
      openingHours: null,
    });
    expect(post?.headers.get('idempotency-key')).toBeTruthy();
    expect(await screen.findByRole('article', { name: 'Arrive Yaba' })).toBeInTheDocument();
    expect(screen.queryByRole('form')).not.toBeInTheDocument();
  });

  it('sends only what changed, and shows the server saying no to a Manager as it says it', async () => {
    const api = fakeApi({
      'GET centers': { status: 200, body: { centers: twoCenters } },
      'PUT centers/:id': refusal(403, 'Forbidden', 'You can change only a gas center you work at.', {
        reason: 'NotYourCenter',
      }),
    });
    renderWithProviders(<CentersScreen canAdd={false} />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change Arrive Lekki' }));
    // Only a CEO adds a center.
    expect(screen.queryByRole('button', { name: 'Add a gas center' })).not.toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Change Arrive Lekki' });
    const save = within(form).getByRole('button', { name: 'Save changes' });
    // Nothing changed yet: nothing to save.
    expect(save).toBeDisabled();
    const hours = within(form).getByLabelText(/^Opening hours/);
    await user.clear(hours);
    await user.type(hours, 'Mon–Sat 7:00–21:00');
    await user.type(within(form).getByLabelText(/^Counter phone/), '0809 111 2222');
    await user.click(save);
    expect(await within(form).findByRole('alert')).toHaveTextContent('You can change only a gas center you work at.');
    const put = api.calls.find((c) => c.method === 'PUT');
    expect(put?.path).toBe(`centers/${lekkiCenter.id}`);
    expect(put?.body).toEqual({ phone: '0809 111 2222', openingHours: 'Mon–Sat 7:00–21:00' });
  });

  it('clears the opening hours when the field is emptied', async () => {
    const api = fakeApi({
      'GET centers': { status: 200, body: { centers: twoCenters } },
      'PUT centers/:id': { status: 200, body: { ...ikejaCenter, openingHours: null } },
    });
    renderWithProviders(<CentersScreen canAdd />);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Change Arrive Gas Center' }));
    const form = screen.getByRole('form', { name: 'Change Arrive Gas Center' });
    await user.clear(within(form).getByLabelText(/^Opening hours/));
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() => expect(api.calls.find((c) => c.method === 'PUT')?.body).toEqual({ openingHours: null }));
    await waitFor(() => expect(screen.queryByRole('form')).not.toBeInTheDocument());
  });
});
