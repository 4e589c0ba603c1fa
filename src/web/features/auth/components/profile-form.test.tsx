import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Profile } from '../../../../domain/schemas/auth';
import { type FakeRequest, fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { ProfileForm } from './profile-form';

afterEach(() => vi.unstubAllGlobals());

const bola: Profile = {
  firstname: 'Bola',
  lastname: 'Adeyemi',
  email: null,
  phoneLocal: '08010000002',
  phoneInternational: '2348010000002',
};

/** The profile screen: the form, given the profile as last read (`readAgain` reads it again). */
let readAgain: (profile: Profile) => void = () => {};
function Screen() {
  const [profile, setProfile] = useState(bola);
  readAgain = setProfile;
  return <ProfileForm profile={profile} />;
}

describe('the profile on two phones', () => {
  it('saves only what was changed here, and shows what the other phone saved in the fields not edited', async () => {
    const sent: unknown[] = [];
    fakeApi({
      'PUT auth/profile': ({ body }: FakeRequest) => {
        sent.push(body);
        return { status: 200, body: { ...bola, email: 'bola@example.com', lastname: 'Adeyemi-Cole' } };
      },
    });
    renderWithProviders(<Screen />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Last name'), '-Cole');
    // The other phone saved an email meanwhile; this one reads the profile again.
    act(() => readAgain({ ...bola, email: 'bola@example.com' }));
    expect(screen.getByLabelText('Email')).toHaveValue('bola@example.com');
    expect(screen.getByLabelText('Last name')).toHaveValue('Adeyemi-Cole');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toEqual([{ lastname: 'Adeyemi-Cole' }]));
  });
});
