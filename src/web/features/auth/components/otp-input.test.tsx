import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { emptyOtp, OtpInput } from './otp-input';

function Harness() {
  const [value, setValue] = useState(emptyOtp);
  return (
    <>
      <OtpInput value={value} onChange={setValue} />
      <output data-testid="value">{value.join(',')}</output>
    </>
  );
}

const boxes = () => screen.getAllByRole('textbox');
const value = () => screen.getByTestId('value').textContent;

function paste(target: HTMLElement, text: string) {
  fireEvent.paste(target, { clipboardData: { getData: () => text } });
}

describe('OtpInput', () => {
  it('has six labelled boxes, one digit each, moving on as digits are typed', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(boxes()).toHaveLength(6);
    expect(screen.getByLabelText('Digit 1 of 6')).toBeInTheDocument();
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('12a3');
    expect(value()).toBe('1,2,3,,,');
    expect(boxes()[3]).toHaveFocus();
  });

  it('keeps only the digit just typed when a box already holds one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('1');
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('7');
    expect(value()).toBe('7,,,,,');
  });

  it('moves on when the digit typed is the one the box already holds', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('111111');
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('123456');
    expect(value()).toBe('1,2,3,4,5,6');
  });

  it('goes back with Backspace from an empty box, clearing the previous one', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(boxes()[0] as HTMLElement);
    await user.keyboard('123');
    await user.keyboard('{Backspace}');
    expect(value()).toBe('1,2,,,,');
    expect(boxes()[2]).toHaveFocus();
  });

  it('pastes the first six characters only when they are all digits', () => {
    renderWithProviders(<Harness />);
    paste(boxes()[0] as HTMLElement, '12345');
    expect(value()).toBe(',,,,,');
    paste(boxes()[0] as HTMLElement, '12a456');
    expect(value()).toBe(',,,,,');
    paste(boxes()[2] as HTMLElement, '6543219999');
    expect(value()).toBe('6,5,4,3,2,1');
  });
});
