// Tables of the supplier area (none yet).
export {};
