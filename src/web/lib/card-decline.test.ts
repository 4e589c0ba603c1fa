import { describe, expect, it } from 'vitest';
import { declineAdvice } from './card-decline';

describe('declineAdvice', () => {
  it('tells the client what to do for each reason Paystack gives', () => {
    expect(declineAdvice('Insufficient Funds')).toMatch(/not have enough money/);
    expect(declineAdvice('Expired Card')).toMatch(/has expired/);
    expect(declineAdvice('Incorrect PIN')).toMatch(/PIN was not right/);
    expect(declineAdvice('Transaction Not Permitted To Cardholder')).toMatch(/does not allow this card/);
    expect(declineAdvice('Do Not Honor')).toMatch(/bank declined/);
    expect(declineAdvice('Declined')).toMatch(/bank declined/);
  });
});
