import { NAVBAR_IDLE_RESTORE_MS } from '../../../../domain/constants';
import type { Enhancer } from './types';

const HIDE_THRESHOLD_PX = 8;

/** The header's menu items that can take focus now (the shown audience's, staff items if shown). */
const visibleItems = (menu: HTMLElement) =>
  [...menu.querySelectorAll<HTMLElement>('[role="menuitem"]')].filter((item) => item.closest('[hidden]') === null);

/**
 * The site header: the burger opens a menu (ARIA menu button: Enter, Space and the arrow
 * keys open it; arrows, Home and End move; Escape and Tab close it; a click outside or on an item
 * closes it), and the bar hides while scrolling down, coming back on scroll up or after 1.5 s idle.
 */
export const enhanceSiteHeader: Enhancer = (header) => {
  const toggle = header.querySelector<HTMLButtonElement>('[data-menu-toggle]');
  const menu = header.querySelector<HTMLElement>('[data-menu]');
  if (!toggle || !menu) throw new Error('The site header has no menu');

  const isOpen = () => !menu.hidden;
  const focusItem = (index: number) => {
    const items = visibleItems(menu);
    if (items.length === 0) return;
    items[(index + items.length) % items.length]?.focus();
  };
  const open = (focusIndex = 0) => {
    menu.hidden = false;
    toggle.setAttribute('aria-expanded', 'true');
    toggle.setAttribute('aria-label', 'Close menu');
    focusItem(focusIndex);
  };
  const close = (restoreFocus: boolean) => {
    if (!isOpen()) return;
    menu.hidden = true;
    toggle.setAttribute('aria-expanded', 'false');
    toggle.setAttribute('aria-label', 'Open menu');
    if (restoreFocus) toggle.focus();
  };

  const onToggleClick = () => (isOpen() ? close(true) : open());
  const onToggleKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowDown') open(0);
    else if (event.key === 'ArrowUp') open(-1);
    else return;
    event.preventDefault();
  };
  const onMenuKey = (event: KeyboardEvent) => {
    const items = visibleItems(menu);
    const current = items.indexOf(document.activeElement as HTMLElement);
    if (event.key === 'ArrowDown') focusItem(current + 1);
    else if (event.key === 'ArrowUp') focusItem(current - 1);
    else if (event.key === 'Home') focusItem(0);
    else if (event.key === 'End') focusItem(-1);
    else if (event.key === 'Escape') close(true);
    else if (event.key === 'Tab') {
      close(false);
      return;
    } else return;
    event.preventDefault();
  };
  const onMenuClick = (event: MouseEvent) => {
    if ((event.target as Element).closest('[role="menuitem"]')) close(false);
  };
  const onDocumentPointer = (event: PointerEvent) => {
    const target = event.target as Node;
    if (isOpen() && !menu.contains(target) && !toggle.contains(target)) close(false);
  };

  let lastY = window.scrollY;
  let idle: number | undefined;
  const setHidden = (hidden: boolean) => {
    if (hidden) header.setAttribute('data-hidden', '');
    else header.removeAttribute('data-hidden');
  };
  const onScroll = () => {
    const y = window.scrollY;
    if (Math.abs(y - lastY) >= HIDE_THRESHOLD_PX) {
      // An open menu keeps the bar in view.
      setHidden(y > lastY && y > 60 && !isOpen());
      lastY = y;
    }
    window.clearTimeout(idle);
    idle = window.setTimeout(() => setHidden(false), NAVBAR_IDLE_RESTORE_MS);
  };

  toggle.addEventListener('click', onToggleClick);
  toggle.addEventListener('keydown', onToggleKey);
  menu.addEventListener('keydown', onMenuKey);
  menu.addEventListener('click', onMenuClick);
  document.addEventListener('pointerdown', onDocumentPointer);
  window.addEventListener('scroll', onScroll, { passive: true });
  return () => {
    toggle.removeEventListener('click', onToggleClick);
    toggle.removeEventListener('keydown', onToggleKey);
    menu.removeEventListener('keydown', onMenuKey);
    menu.removeEventListener('click', onMenuClick);
    document.removeEventListener('pointerdown', onDocumentPointer);
    window.removeEventListener('scroll', onScroll);
    window.clearTimeout(idle);
    close(false);
    setHidden(false);
  };
};
