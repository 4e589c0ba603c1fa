// Tables of the upload area (none yet).
export {};
