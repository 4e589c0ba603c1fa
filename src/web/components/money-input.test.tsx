import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../test/render';
import { isPastedAmount, MoneyInput } from './money-input';

function Field() {
  const [value, setValue] = useState<number | string>('');
  return (
    <>
      <MoneyInput label="Amount" value={value} onChange={setValue} />
      <output aria-label="value">{String(value)}</output>
    </>
  );
}

describe('a pasted amount', () => {
  it('is read as people copy one', () => {
    for (const text of ['5000', '5,000', '₦5,000.00', 'NGN 12,500', ' 1 000 ', '250.5', '.50']) {
      expect(isPastedAmount(text), text).toBe(true);
    }
  });

  it('is refused when its digits alone would be another figure', () => {
    for (const text of ['-500', '1e5', '5k', '50,00', '1.000,00', '', '₦', 'twenty']) {
      expect(isPastedAmount(text), text).toBe(false);
    }
  });

  it('is refused in the field with a reason, the field unchanged; typing again clears the reason', async () => {
    renderWithProviders(<Field />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Amount');
    await user.click(input);
    await user.paste('-500');
    expect(input).toHaveValue('');
    expect(screen.getByText(/That is not an amount/)).toBeInTheDocument();
    await user.paste('₦5,000');
    expect(input).toHaveValue('₦5,000');
    expect(screen.getByLabelText('value')).toHaveTextContent('5000');
    expect(screen.queryByText(/That is not an amount/)).not.toBeInTheDocument();
  });

  it('takes no amount beyond the maximum, typed or pasted, rather than changing it later', async () => {
    renderWithProviders(<Field />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Amount');
    await user.click(input);
    await user.paste('123456789012');
    expect(input).toHaveValue('');
    expect(screen.getByText('At most ₦100,000,000.00')).toBeInTheDocument();
    await user.type(input, '1000000000');
    await user.tab();
    // The digit that would pass the maximum was not taken, and the field says why; what is shown
    // is what is kept.
    expect(input).toHaveValue('₦100,000,000');
    expect(screen.getByLabelText('value')).toHaveTextContent('100000000');
    expect(screen.getByText('At most ₦100,000,000.00')).toBeInTheDocument();
    await user.clear(input);
    await user.type(input, '88000');
    expect(screen.queryByText('At most ₦100,000,000.00')).not.toBeInTheDocument();
  });
});

describe('a key that is not part of an amount', () => {
  it('is said, and stays said while the figure it changed is shown, until it is corrected', async () => {
    renderWithProviders(<Field />);
    const user = userEvent.setup();
    const input = screen.getByLabelText('Amount');
    await user.type(input, '1e5');
    // The field kept ₦15; it says why, though the 5 came after.
    expect(input).toHaveValue('₦15');
    expect(screen.getByText(/“e” is not part of an amount/)).toBeInTheDocument();
    await user.type(input, '{Backspace}{Backspace}100000');
    expect(input).toHaveValue('₦100,000');
    expect(screen.queryByText(/is not part of an amount/)).not.toBeInTheDocument();
    // Digits, commas and a point are an amount's own.
    await user.clear(input);
    await user.type(input, '5,000.50');
    expect(input).toHaveValue('₦5,000.50');
    expect(screen.queryByText(/is not part of an amount/)).not.toBeInTheDocument();
  });
});
