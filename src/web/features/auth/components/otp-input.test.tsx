import { act, fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { renderWithProviders } from '../../../test/render';
import { OtpInput } from './otp-input';

/** The code entry as the verification form holds it; `tickMs` re-renders it like a countdown. */
function Harness({ tickMs, onTick }: { tickMs?: number; onTick?: (tick: () => void) => void }) {
  const [value, setValue] = useState('');
  const [ticks, setTicks] = useState(0);
  onTick?.(() => setTicks((n) => n + 1));
  useEffect(() => {
    if (!tickMs) return;
    const timer = window.setInterval(() => setTicks((n) => n + 1), tickMs);
    return () => window.clearInterval(timer);
  }, [tickMs]);
  return (
    <>
      <OtpInput value={value} onChange={setValue} />
      <output data-testid="value">{value}</output>
      <output data-testid="ticks">{ticks}</output>
    </>
  );
}

const field = () => screen.getByLabelText('One-time code') as HTMLInputElement;
const value = () => screen.getByTestId('value').textContent;
/** The six drawn boxes, as the eye reads them. */
const drawn = () =>
  Array.from(document.querySelectorAll('[aria-hidden="true"] > span'), (box) => box.textContent || '·').join('');

function paste(target: HTMLElement, text: string) {
  fireEvent.paste(target, { clipboardData: { getData: () => text } });
}

describe('OtpInput', () => {
  it('is one field the browser can fill from the SMS, drawn as six boxes', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    expect(field()).toHaveAttribute('autocomplete', 'one-time-code');
    expect(field()).toHaveAttribute('inputmode', 'numeric');
    expect(screen.getAllByRole('textbox')).toHaveLength(1);
    expect(drawn()).toBe('······');
    await user.click(field());
    await user.keyboard('12a3');
    expect(value()).toBe('123');
    expect(drawn()).toBe('123···');
  });

  it('keeps every digit typed fast while the screen re-renders between the keys', async () => {
    const user = userEvent.setup({ delay: 1 });
    renderWithProviders(<Harness tickMs={1} />);
    await user.click(field());
    const focusLost: string[] = [];
    field().addEventListener('blur', () => focusLost.push(value() ?? ''));
    await user.keyboard('948271');
    expect(Number(screen.getByTestId('ticks').textContent)).toBeGreaterThan(0);
    expect(value()).toBe('948271');
    expect(drawn()).toBe('948271');
    expect(field()).toHaveFocus();
    expect(focusLost).toEqual([]);
  });

  it('keeps every digit when a render lands between each key and the next', () => {
    let tick = () => {};
    renderWithProviders(
      <Harness
        onTick={(t) => {
          tick = t;
        }}
      />,
    );
    field().focus();
    for (const digit of '305112') {
      // The DOM field holds what was typed so far plus the new key, as a browser's input event has it.
      fireEvent.change(field(), { target: { value: `${field().value}${digit}` } });
      act(() => tick());
    }
    expect(screen.getByTestId('ticks')).toHaveTextContent('6');
    expect(value()).toBe('305112');
    expect(field()).toHaveFocus();
  });

  it('keeps digits typed before the focus frame runs: a seventh key does not wipe them', async () => {
    const frames: FrameRequestCallback[] = [];
    const raf = vi.spyOn(window, 'requestAnimationFrame').mockImplementation((callback) => {
      frames.push(callback);
      return frames.length;
    });
    try {
      const user = userEvent.setup();
      renderWithProviders(<Harness />);
      await user.click(field());
      await user.keyboard('123456');
      // The frame queued when the field took focus runs only now, as on a slow phone.
      for (const frame of frames.splice(0)) frame(performance.now());
      await user.keyboard('7');
      expect(value()).toBe('123456');
    } finally {
      raf.mockRestore();
    }
  });

  it('takes no seventh digit and goes back with Backspace', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Harness />);
    await user.click(field());
    await user.keyboard('1234567');
    expect(value()).toBe('123456');
    await user.keyboard('{Backspace}{Backspace}');
    expect(value()).toBe('1234');
    expect(drawn()).toBe('1234··');
  });

  it('takes a code filled in by the browser (SMS autofill) in one go', () => {
    renderWithProviders(<Harness />);
    fireEvent.change(field(), { target: { value: '482 913' } });
    expect(value()).toBe('482913');
  });

  it('pastes the first six characters only when they are all digits', () => {
    renderWithProviders(<Harness />);
    paste(field(), '12345');
    expect(value()).toBe('');
    paste(field(), '12a456');
    expect(value()).toBe('');
    paste(field(), ' 6543219999 ');
    expect(value()).toBe('654321');
  });

  it.each([
    ['482 913', '482913'],
    ['482-913', '482913'],
    [' 4 8 2 9 1 3 ', '482913'],
    ['Your Arrive code is 482913. It expires in 5 minutes.', '482913'],
    ['Arrive: 482-913 is your code', '482913'],
  ])('takes the code out of a pasted %j', (text, code) => {
    renderWithProviders(<Harness />);
    paste(field(), text);
    expect(value()).toBe(code);
  });

  it.each([['Codes 482913 and 111222'], ['call 0801-000-0002'], ['12 34a6']])(
    'fills nothing from a pasted %j, which holds no single code',
    (text) => {
      renderWithProviders(<Harness />);
      paste(field(), text);
      expect(value()).toBe('');
    },
  );
});
