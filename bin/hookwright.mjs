#!/usr/bin/env node
// Runs the TypeScript CLI (server/cli/main.ts) through tsx's loader, so `npx hookwright` works
// from a fresh clone without a build step.
import { fileURLToPath } from "node:url";
import { register } from "tsx/esm/api";

register({ tsconfig: fileURLToPath(new URL("../tsconfig.json", import.meta.url)) });
const { main } = await import("../server/cli/main.ts");
process.exitCode = await main(process.argv.slice(2));
