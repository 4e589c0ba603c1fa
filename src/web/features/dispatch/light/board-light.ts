// The dispatch board's first view without the app (app/first-views runs it). A dispatcher's
// tablet opening the board cold waits seconds for the app's code (React, Mantine, the router) on
// a slow link, while the board itself is one read that the page started as it loaded: the view
// draws the board from that read as the app would, and hands the page to the app at once, which
// draws the same board in its place. Its controls (a rider's choice, a move) are the app's: a tap
// on one is pressed again in the app once the app has drawn.
import { followHandover } from '../../../components/first-view/handover';
import type { RunApp } from '../../../components/first-view/html';
import { type BoardPage, boardHtml } from './board-view';

/** The keys that open a closed field, as the app's (components/board-select.tsx). */
const OPENING_KEYS = new Set(['Enter', ' ', 'ArrowDown', 'ArrowUp']);

/** Whether the board asked for is the app's to read: another center's, named in the address. */
export const boardAsksForApp = (search: string) => new URLSearchParams(search).has('center');

/**
 * Draws the board in `screen`. Its links (a client's number, a map) work as they are; a tap on
 * any other control, or a key that opens a field, asks for the app at once (which the page asked
 * for already) and the app's same control on the same card is pressed once the app has drawn.
 */
export function runBoard(options: { screen: HTMLElement; page: BoardPage; runApp: RunApp }) {
  const { screen, page, runApp } = options;
  screen.innerHTML = boardHtml(page, Date.now());
  screen.removeAttribute('aria-busy');
  const root = screen.firstElementChild as HTMLElement;
  const handover = followHandover(root, {
    view: '[data-board-view]',
    appDrawn: (outsideViews) =>
      [...document.querySelectorAll('#main section[aria-labelledby="dispatch-waiting-for-a-rider"]')].some(
        outsideViews,
      ),
    scope: 'article[aria-label]',
  });
  const toApp = (control: HTMLElement, event: Event) => {
    event.preventDefault();
    handover.press(control);
    void runApp();
  };
  root.addEventListener('click', (event) => {
    const control = (event.target as Element).closest<HTMLElement>('button, input, label');
    if (!control || !root.contains(control)) return;
    // A label's click reaches its field as a click of its own.
    if (control instanceof HTMLLabelElement) return;
    toApp(control, event);
  });
  root.addEventListener('keydown', (event) => {
    const field = event.target as HTMLElement;
    if (field instanceof HTMLInputElement && OPENING_KEYS.has(event.key)) toApp(field, event);
  });
}
