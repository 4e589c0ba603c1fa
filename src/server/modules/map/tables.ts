// Tables of the map area (none yet).
export {};
