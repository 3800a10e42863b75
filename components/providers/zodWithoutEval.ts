import { z } from "zod";

/*
 * zod 4 compiles object schemas with `new Function` where it may, and finds out by trying
 * `Function("")` once. The pages' Content-Security-Policy forbids eval (docs/security.md), so
 * the probe would be a reported CSP violation on every page; tell zod up front instead. Imported
 * for its effect by TrpcProvider, which every page loads before anything parses.
 */
z.config({ jitless: true });
