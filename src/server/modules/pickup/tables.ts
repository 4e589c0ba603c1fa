// Tables of the pickup area (none yet).
export {};
