import { config } from "zod/v4/core";

/*
 * zod 4 compiles object schemas with `new Function` where it may, and finds out by trying
 * `Function("")` once. The pages' Content-Security-Policy forbids eval (docs/security.md), so
 * the probe would be a reported CSP violation on every page; tell zod up front instead. Imported
 * for its effect by TrpcProvider, which every page loads before anything parses.
 * `config` from zod's core, not `z.config`: `z` is the whole library as one object, which no
 * bundler can trim, and would put all of zod in every page's first load (its global config is
 * the one `z` reads).
 */
config({ jitless: true });
