// Tables of the cylinder area (none yet).
export {};
