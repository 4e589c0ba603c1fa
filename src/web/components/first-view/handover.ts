// A staff first view (the counter, the dispatch board, the shift screen: features/*/light) draws
// the app's screen while the app's code starts, and hands the page to the app at once. Its
// controls that are the app's (a picker, the payment, a rider's choice) are not lost when tapped
// meanwhile: the app's same control is pressed once the app has drawn, and what was typed is
// carried over.

/**
 * A control's name as both drawings give it: its aria-label, else its label's text, else a
 * button's own words (the shift's End shift).
 */
function controlName(control: HTMLElement): string | null {
  const label =
    control.getAttribute('aria-label') ??
    (control as HTMLInputElement).labels?.[0]?.textContent ??
    (control instanceof HTMLButtonElement ? control.textContent : null);
  return label?.trim() || null;
}

/** A field typed in (not a picker drawn as one, nor a choice). */
export const isTyped = (control: Element): control is HTMLInputElement =>
  control instanceof HTMLInputElement && control.type === 'text' && !control.readOnly;

/** How long the view waits for the app to draw its screen in its place. */
const HANDOVER_WAIT_MS = 30_000;

export type HandoverOptions = {
  /** What marks the view's own root (`[data-counter-view]`): the app's controls are outside it. */
  view: string;
  /** Whether the app has drawn its screen (its controls are there by then, or it has none such). */
  appDrawn: (outsideViews: (element: Element) => boolean) => boolean;
  /**
   * Where a control's name is unique on the screen (a delivery's card, `article[aria-label]`): the
   * app's control is the one of that name in the app's same place, named the same. None: the page.
   */
  scope?: string;
};

/**
 * Once the view is gone and the app has drawn its screen in its place (the app may draw its
 * loading frame first): presses the app's controls named as those tapped here (the size picker
 * opens, the payment is chosen), writes what was typed in the app's fields here into the app's
 * same fields, as typing would, and gives the keyboard to the app's field named as the one last
 * typed in here. Each is done once the app's control is there; one the app's screen does not
 * have, or on another screen the app drew instead, is left alone.
 */
export function followHandover(root: HTMLElement, options: HandoverOptions) {
  type Named = { name: string | null; scope: string | null };
  const named = (control: HTMLElement): Named => ({
    name: controlName(control),
    scope: (options.scope && control.closest(options.scope)?.getAttribute('aria-label')) || null,
  });
  const pressed: Named[] = [];
  let focused: HTMLElement | null = null;
  root.addEventListener('focusin', (event) => {
    focused = event.target as HTMLElement;
  });
  root.addEventListener('focusout', () => {
    // Left for another place on the page; the view's removal (the browser may blur its field as it
    // goes) keeps the field it had.
    setTimeout(() => {
      if (root.isConnected && !root.contains(document.activeElement)) focused = null;
    }, 0);
  });
  // Keys typed between the view's going and the app's field taking the keyboard, for that field.
  let typedMeanwhile = '';
  const keepKeys = (event: KeyboardEvent) => {
    const nowhere = document.activeElement === document.body || document.activeElement === null;
    if (!nowhere || !(focused instanceof HTMLInputElement) || event.ctrlKey || event.metaKey || event.altKey) return;
    if (event.key.length === 1) typedMeanwhile += event.key;
    else if (event.key === 'Backspace') typedMeanwhile = typedMeanwhile.slice(0, -1);
    else return;
    event.preventDefault();
  };
  const outsideViews = (element: Element) => !element.closest(options.view);
  const appControl = (wanted: Named | undefined) =>
    !wanted || wanted.name === null
      ? undefined
      : [...document.querySelectorAll<HTMLElement>('#main button, #main input')].find((c) => {
          if (!outsideViews(c) || (c as HTMLButtonElement).disabled) return false;
          const { name, scope } = named(c);
          return name === wanted.name && scope === wanted.scope;
        });
  // Named while the view is on the page: a field's labels are not found once it is gone.
  const fields = new Map(
    [...root.querySelectorAll<HTMLInputElement>('input')].filter(isTyped).map((field) => [field, named(field)]),
  );
  // What is left to do in the app's screen, each step done (and dropped) once its control is there.
  let steps: (() => boolean)[] | null = null;
  const stepsOnceGone = () => [
    ...pressed.map((wanted) => () => {
      const control = appControl(wanted);
      control?.click();
      return control !== undefined;
    }),
    ...[...fields]
      .filter(([field]) => field.dataset.app !== undefined && field.value !== field.defaultValue)
      .map(([field, wanted]) => () => {
        const target = appControl(wanted);
        if (target instanceof HTMLInputElement && isTyped(target)) typeInto(target, field.value);
        return target !== undefined;
      }),
    () => {
      // No field of the view had the keyboard as it went: none to give.
      if (!(focused instanceof HTMLInputElement)) return true;
      const target = appControl(fields.get(focused));
      // The keyboard is given only if nothing else took it meanwhile.
      if (!(target instanceof HTMLInputElement) || document.activeElement !== document.body)
        return target !== undefined;
      target.focus();
      if (typedMeanwhile) typeInto(target, target.value + typedMeanwhile);
      return true;
    },
  ];
  const stop = () => {
    observer.disconnect();
    document.removeEventListener('keydown', keepKeys, true);
  };
  const observer = new MutationObserver(() => {
    if (root.isConnected) return;
    if (!steps) {
      steps = stepsOnceGone();
      document.addEventListener('keydown', keepKeys, true);
    }
    steps = steps.filter((step) => !step());
    // Done, or the app's screen is drawn (a control it did not draw then, it does not have).
    if (steps.length === 0 || options.appDrawn(outsideViews)) stop();
  });
  observer.observe(document.body, { childList: true, subtree: true });
  setTimeout(stop, HANDOVER_WAIT_MS);
  return {
    press(control: HTMLElement) {
      const wanted = named(control);
      if (wanted.name) pressed.push(wanted);
    },
  };
}

/** Sets a field's value as typing would: the app's controlled field hears an input event. */
function typeInto(field: HTMLInputElement, value: string) {
  Object.getOwnPropertyDescriptor(HTMLInputElement.prototype, 'value')?.set?.call(field, value);
  field.dispatchEvent(new Event('input', { bubbles: true }));
}
