// Tables of the sales area (none yet).
export {};
