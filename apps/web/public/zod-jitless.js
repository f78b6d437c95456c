// Runs before the app's modules (a classic script runs before deferred module scripts): zod reads its
// configuration from here when it loads, so no schema ever generates code. The server's
// Content-Security-Policy refuses eval, and zod's probe for it would be reported as a violation.
// Setting it from a module instead depends on the order the bundle's chunks run in, which changes.
globalThis.__zod_globalConfig = { jitless: true };
