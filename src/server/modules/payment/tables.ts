// Tables of the payment area (none yet).
export {};
