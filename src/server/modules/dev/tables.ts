// Tables of the dev area (none yet).
export {};
