// Tables of the address area (none yet).
export {};
