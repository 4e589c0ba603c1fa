// Types of public-precache.mjs for vite.config.ts.
export declare const STAFF_CODE_FILE: string;
export declare const APP_CODE_FILE: string;
export declare const NETWORK_CODE_FILE: string;
export declare const VIEWS_CODE_FILE: string;
export declare const RUNTIME_CACHED: RegExp;
export declare const OFFLINE_PAGE: string;
export declare function readStaffCode(dist: string, file?: string): { version: string; urls: string[] };
export declare function readAppCode(dist: string): { version: string; urls: string[] };
export declare function readViewsCode(dist: string): { version: string; urls: string[] };
export declare function readNetworkCode(dist: string): { version: string; urls: string[] };
export declare function publicPrecacheTransform(
  dist: string,
  keep?: Set<string>,
): (
  entries: Array<{ url: string; revision: string | null; size: number }>,
) => Promise<{ manifest: Array<{ url: string; revision: string | null; size: number }>; warnings: string[] }>;
