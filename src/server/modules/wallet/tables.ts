// Tables of the wallet area (none yet).
export {};
