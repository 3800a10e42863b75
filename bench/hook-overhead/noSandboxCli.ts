import { runWithEngine } from "./engineCli";
import { createNoSandboxRunner } from "./noSandboxRunner";

/** `hookwright run` with no sandbox (the floor), bundled by the bench as bin/hookwright.mjs bundles the CLI. */
export const main = (args: readonly string[]): Promise<number> => runWithEngine(args, createNoSandboxRunner);
