import { createSandboxRunner } from "../../server/sandbox";
import { runWithEngine } from "./engineCli";

/** `hookwright run` with the QuickJS sandbox (what server/cli/run.ts runs), bundled by the bench with its runner's CPU counted. */
export const main = (args: readonly string[]): Promise<number> => runWithEngine(args, createSandboxRunner);
