import { createRunCommand } from "../../server/cli/runCommand";
import { createNoSandboxRunner } from "./noSandboxRunner";

/**
 * `hookwright run` with the no-sandbox runner, bundled by the bench like bin/hookwright.mjs
 * bundles the real CLI, so both run as plain JavaScript in a fresh process.
 */
export async function main(args: readonly string[]): Promise<number> {
  const [command, ...rest] = args;
  if (command !== "run") {
    process.stderr.write("usage: no-sandbox.mjs run PIPELINE.json [--json]\n");
    return 2;
  }
  return createRunCommand(createNoSandboxRunner).run(rest, {
    stdout: (text) => void process.stdout.write(text),
    stderr: (text) => void process.stderr.write(text),
    cwd: process.cwd(),
  });
}
