// Tables of the leads area (none yet).
export {};
