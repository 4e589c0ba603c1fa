import { useCallback, useEffect, useReducer, useRef, useState } from 'react';
import { cartReducer } from './cart';
import { type CheckoutDraft, emptyCheckoutDraft, forgetSavedCart, loadSavedCart, saveCart } from './cart-store';

export type { CheckoutDraft, SavedCart } from './cart-store';
export { emptyCheckoutDraft, forgetSavedCart, loadSavedCart, saveCart };

/**
 * The cart and checkout draft, kept on the device for the signed-in client so a reload, a
 * restart or a dropped tab finds them again. Without a client id nothing is kept. `clear`
 * empties both (after the order is placed). Until the saved cart has been read (`restored`), the
 * screen says so rather than "empty"; what is added meanwhile is kept and joins the saved lines,
 * a checkout draft typed meanwhile wins over the saved one, and a cart cleared meanwhile stays clear.
 */
export function useSavedCart(clientId: string | undefined) {
  const [cart, dispatch] = useReducer(cartReducer, []);
  const [checkout, setDraft] = useState<CheckoutDraft>(emptyCheckoutDraft);
  // Nothing is written until the saved cart has been read, or the empty start would replace it.
  const [restoredFor, setRestoredFor] = useState<string | undefined>(undefined);
  // Whether the checkout was changed before the saved draft arrived (then the saved one is not taken).
  const draftTyped = useRef(false);
  // Cleared (the order placed) before the saved cart arrived: it is not brought back.
  const cleared = useRef(false);
  const setCheckout = useCallback((next: CheckoutDraft) => {
    draftTyped.current = true;
    setDraft(next);
  }, []);

  useEffect(() => {
    if (!clientId) return;
    let live = true;
    draftTyped.current = false;
    cleared.current = false;
    loadSavedCart(clientId)
      .then((saved) => {
        if (!live || !saved || cleared.current) return;
        dispatch({ type: 'restore', cart: saved.cart });
        if (!draftTyped.current) setDraft(saved.checkout);
      })
      .catch(() => undefined)
      .finally(() => {
        if (live) setRestoredFor(clientId);
      });
    return () => {
      live = false;
    };
  }, [clientId]);

  useEffect(() => {
    if (!clientId || restoredFor !== clientId) return;
    const write = cart.length === 0 ? forgetSavedCart(clientId) : saveCart(clientId, { cart, checkout });
    void write.catch(() => undefined);
  }, [clientId, restoredFor, cart, checkout]);

  const clear = () => {
    cleared.current = true;
    dispatch({ type: 'clear' });
    setDraft(emptyCheckoutDraft);
    if (clientId) void forgetSavedCart(clientId).catch(() => undefined);
  };

  return { cart, dispatch, checkout, setCheckout, restored: !clientId || restoredFor === clientId, clear };
}
