import { writeSync } from "node:fs";
import type { HookRunner, HookRunnerFactory } from "../../core/engine/ports";
import { createRunCommand } from "../../server/cli/runCommand";

/**
 * `hookwright run` as bin/hookwright.mjs builds it (createRunCommand with an engine's runner),
 * with two CPU times printed at exit to stderr (user + system time of the whole process, to the
 * microsecond): "HWCOMMANDCPU <ms>", the command itself (reading the pipeline, the run, writing
 * the trace: all the engine does for the hooks, without starting Node and loading the bundle),
 * and "HWRUNNERCPU <ms>", the part spent inside the engine's runner (creating it and every call
 * into it: chains, tools, dispose). Both engines are measured this way, so the hooks' cost at
 * 10 KB (a few ms without a sandbox) is not lost in the ~500 ms of a whole process, whose CPU
 * time spreads by tens of ms from run to run.
 */

let runnerCpuMs = 0;

async function counted<T>(work: () => T | Promise<T>): Promise<T> {
  const before = process.cpuUsage();
  try {
    return await work();
  } finally {
    const used = process.cpuUsage(before);
    runnerCpuMs += (used.user + used.system) / 1000;
  }
}

function countedSync<T>(work: () => T): T {
  const before = process.cpuUsage();
  try {
    return work();
  } finally {
    const used = process.cpuUsage(before);
    runnerCpuMs += (used.user + used.system) / 1000;
  }
}

/** The runner with every method counted; promises are counted until they settle (the engine awaits each call). */
function countedRunner(runner: HookRunner): HookRunner {
  return new Proxy(runner, {
    get(target, key) {
      const value: unknown = Reflect.get(target, key);
      if (typeof value !== "function") return value;
      return (...args: unknown[]) => {
        let result: unknown;
        const sync = countedSync(() => (result = (value as (...a: unknown[]) => unknown).apply(target, args)));
        return sync instanceof Promise ? counted(() => result as Promise<unknown>) : sync;
      };
    },
  });
}

export async function runWithEngine(args: readonly string[], factory: HookRunnerFactory): Promise<number> {
  let commandCpuMs = 0;
  process.on("exit", () => writeSync(2, `HWCOMMANDCPU ${commandCpuMs}\nHWRUNNERCPU ${runnerCpuMs}\n`));
  const [command, ...rest] = args;
  if (command !== "run") {
    process.stderr.write("usage: <engine>.mjs run PIPELINE.json [--json]\n");
    return 2;
  }
  const measured: HookRunnerFactory = async (options) => countedRunner(await counted(() => factory(options)));
  const before = process.cpuUsage();
  try {
    return await createRunCommand(measured).run(rest, {
      stdout: (text) => void process.stdout.write(text),
      stderr: (text) => void process.stderr.write(text),
      cwd: process.cwd(),
    });
  } finally {
    const used = process.cpuUsage(before);
    commandCpuMs = (used.user + used.system) / 1000;
  }
}
