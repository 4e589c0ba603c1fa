import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fakeApi } from '../../../test/fake-api';
import { renderWithProviders } from '../../../test/render';
import { NewProductPanel } from './new-product-panel';

afterEach(() => {
  vi.unstubAllGlobals();
  sessionStorage.clear();
});

describe('the new product form', () => {
  it('keeps what was typed through a reload, and takes a name of at most 120 characters', async () => {
    fakeApi({});
    const first = renderWithProviders(<NewProductPanel />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText(/^Name/), 'Double burner');
    await user.type(screen.getByLabelText(/^Price/), '15,000');
    first.unmount();
    renderWithProviders(<NewProductPanel />);
    expect(screen.getByLabelText(/^Name/)).toHaveValue('Double burner');
    expect(screen.getByLabelText(/^Price/)).toHaveValue('₦15,000');
    expect(screen.getByLabelText(/^Name/)).toHaveAttribute('maxlength', '120');
  });
});
