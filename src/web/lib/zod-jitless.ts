// The app's pages forbid evaluating strings as code (Content-Security-Policy `script-src 'self'`).
// Zod compiles a faster parser for object schemas when it may, and finds out by trying
// `Function('')`: refused here, and reported as a policy violation on every page that parses one.
// Told not to try, it parses without compiling. Zod keeps its settings on a global object that
// every copy shares (zod/v4/core: `globalThis.__zod_globalConfig`): set there, before or after
// zod has loaded, without loading zod on a screen that has no use for it. The server keeps the
// compiled parsers. zod-jitless.test.ts checks zod reads it.
const holder = globalThis as { __zod_globalConfig?: { jitless?: boolean } };
holder.__zod_globalConfig ??= {};
holder.__zod_globalConfig.jitless = true;

// A module (its test imports it), with nothing to export.
export {};
