// Types of public-precache.mjs for vite.config.ts.
export declare const STAFF_CODE_FILE: string;
export declare const RUNTIME_CACHED: RegExp;
export declare function readStaffCode(dist: string): { version: string; urls: string[] };
export declare function publicPrecacheTransform(
  dist: string,
): (
  entries: Array<{ url: string; revision: string | null; size: number }>,
) => Promise<{ manifest: Array<{ url: string; revision: string | null; size: number }>; warnings: string[] }>;
