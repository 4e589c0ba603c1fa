import { fireEvent, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { DispatchBoard } from '../../../../domain/schemas/delivery';
import { dispatchDelivery } from '../test/fixtures';
import { boardAsksForApp, runBoard } from './board-light';

const waiting = (n: number) =>
  Array.from({ length: n }, (_, i) =>
    dispatchDelivery({
      id: `d${i}`,
      orderNumber: `ARV-00000${i}`,
      status: 'Pending',
      carrierClientId: null,
      carrierName: null,
      vehicle: null,
    }),
  );
const board: DispatchBoard = { deliveries: waiting(6), riders: [], centerId: 'c1', mayChooseCenter: false };

/** The dashboard shell's screen, as the view finds it (its heading's parent). */
function shellScreen(): HTMLElement {
  document.body.innerHTML = '<main id="main"><div aria-busy="true"><div><h1>Dispatch</h1></div></div></main>';
  return document.querySelector<HTMLElement>('h1')?.parentElement as HTMLElement;
}

/** The app's board in the view's place: two cards with the same controls, each control watched. */
function appDraws(screen: HTMLElement) {
  const pressed: string[] = [];
  screen.innerHTML = `<section aria-labelledby="dispatch-waiting-for-a-rider">${['ARV-000000', 'ARV-000001']
    .map(
      (n) =>
        `<article aria-label="Delivery ${n}"><label for="${n}-r">Rider</label><input id="${n}-r" readonly><button type="button">Cancel delivery</button></article>`,
    )
    .join('')}</section>`;
  for (const control of screen.querySelectorAll<HTMLElement>('input, button'))
    control.addEventListener('click', () =>
      pressed.push(`${control.closest('article')?.getAttribute('aria-label')}: ${control.textContent || 'Rider'}`),
    );
  return pressed;
}

afterEach(() => {
  document.body.innerHTML = '';
});

describe("the dispatch board's first view", () => {
  it('draws every card, and the controls of the first screenful only, as the app does at first', () => {
    const screen = shellScreen();
    runBoard({ screen, page: { board, centers: [], updatedAt: Date.now() }, runApp: vi.fn() });
    const lane = within(screen).getByRole('region', { name: 'Waiting for a rider' });
    const cards = within(lane).getAllByRole('article');
    expect(cards).toHaveLength(6);
    expect(within(lane).getByLabelText('6 deliveries')).toHaveTextContent('6');
    expect(within(cards[3] as HTMLElement).getByRole('button', { name: 'Assign' })).toBeDisabled();
    expect(within(cards[4] as HTMLElement).queryByRole('button')).toBeNull();
    expect(within(screen).getByText('No delivery is on the road.')).toBeInTheDocument();
  });

  it("a tap on a card's control asks for the app, which has it pressed on the same card once drawn", async () => {
    const screen = shellScreen();
    const runApp = vi.fn(() => Promise.resolve());
    runBoard({ screen, page: { board, centers: [], updatedAt: Date.now() }, runApp });
    const second = within(screen).getByRole('article', { name: 'Delivery ARV-000001' });
    fireEvent.click(within(second).getByRole('combobox', { name: 'Rider' }));
    expect(runApp).toHaveBeenCalledTimes(1);
    // A link works as it is: the app is not asked for.
    fireEvent.click(within(second).getByRole('link', { name: 'Map' }));
    expect(runApp).toHaveBeenCalledTimes(1);
    // A key that opens a field asks too.
    fireEvent.keyDown(within(second).getByRole('combobox', { name: 'Vehicle' }), { key: 'ArrowDown' });
    expect(runApp).toHaveBeenCalledTimes(2);

    const pressed = appDraws(screen);
    await vi.waitFor(() => expect(pressed).toEqual(['Delivery ARV-000001: Rider']));
  });

  it("leaves another center's board, named in the address, to the app", () => {
    expect(boardAsksForApp('?center=all')).toBe(true);
    expect(boardAsksForApp('')).toBe(false);
  });
});
