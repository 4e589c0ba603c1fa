import { storedItem } from '../../../lib/storage';

const KEY = 'arrive.dashboard.lastOrderId';

/** The order last opened, for the side menu's Detail entry. */
export const rememberLastOrder = (id: string) => {
  try {
    sessionStorage.setItem(KEY, id);
    window.dispatchEvent(new Event('arrive:last-order'));
  } catch {
    // private mode: the menu simply keeps Detail disabled
  }
};

export function readLastOrder(): string | null {
  return storedItem('sessionStorage', KEY);
}
