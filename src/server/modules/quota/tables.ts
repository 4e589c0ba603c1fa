// Tables of the quota area (none yet).
export {};
