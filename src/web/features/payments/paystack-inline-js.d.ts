// @paystack/inline-js ships no types; this covers the one call the payment screen makes.
declare module '@paystack/inline-js' {
  export type PaystackCallbacks = {
    onLoad?: (response: { id: number; accessCode: string; customer: unknown }) => void;
    onSuccess?: (transaction: { id?: number; reference: string; message?: string; status?: string }) => void;
    onCancel?: () => void;
    onError?: (error: { message: string }) => void;
  };
  export default class PaystackPop {
    resumeTransaction(accessCode: string, callbacks?: PaystackCallbacks): { cancelTransaction?: () => void };
  }
}
