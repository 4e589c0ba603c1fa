/**
 * What to do after a declined card, from the reason Paystack gave (its gateway_response:
 * 'Insufficient Funds', 'Expired Card', 'Do Not Honor'…). Unknown reasons get the general advice.
 */
export function declineAdvice(reason: string): string {
  const r = reason.toLowerCase();
  if (r.includes('insufficient') || r.includes('not sufficient'))
    return 'The card does not have enough money for this payment. Add money to its account, or pay with another card or from your wallet.';
  if (r.includes('expired')) return 'This card has expired. Pay with another card or from your wallet.';
  if (r.includes('pin')) return "The card's PIN was not right. Try again and enter the PIN carefully.";
  if (r.includes('not permitted'))
    return 'Your bank does not allow this card to pay online. Ask your bank to allow it, or pay with another card or from your wallet.';
  return 'Your bank declined this payment. Ask your bank why, or pay with another card or from your wallet.';
}
