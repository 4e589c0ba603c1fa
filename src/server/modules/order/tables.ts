// Tables of the order area (none yet).
export {};
