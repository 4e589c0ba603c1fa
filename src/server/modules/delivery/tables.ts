// Tables of the delivery area (none yet).
export {};
