// The parts of server-rendered markup that a vanilla enhancer drives (the public forms, the sign-in
// form): found by `data-part`, a busy submit button, a message panel. The markup and its enhancer
// ship together, so a missing part is a programming error.

/** The attribute naming a part of a form's markup: `<span data-part="busy">`. */
export const PART_ATTR = 'data-part';

/** The one element of `root` marked `data-part={name}`. */
export function part<T extends HTMLElement = HTMLElement>(root: HTMLElement, name: string): T {
  const element = root.querySelector<T>(`[${PART_ATTR}="${name}"]`);
  if (!element) throw new Error(`The form has no [${PART_ATTR}="${name}"]`);
  return element;
}

/**
 * Sending: the button says 'Loading...' and looks and reads disabled, yet keeps the focus (a
 * disabled button would drop it); the submit handler ignores it meanwhile.
 */
export function setBusy(button: HTMLButtonElement, busy: boolean) {
  for (const attr of ['aria-busy', 'aria-disabled', 'data-disabled']) {
    if (busy) button.setAttribute(attr, 'true');
    else button.removeAttribute(attr);
  }
  part(button, 'label').hidden = busy;
  part(button, 'busy').hidden = !busy;
}

/** Shows `text` in a message panel (its `data-part="message"` slot), or hides the panel. */
export function showMessage(panel: HTMLElement, text: string | null) {
  part(panel, 'message').textContent = text ?? '';
  panel.hidden = text === null;
}
