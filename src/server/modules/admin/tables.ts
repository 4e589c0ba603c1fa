// Tables of the admin area (none yet).
export {};
