// Tables of the supply area (none yet).
export {};
