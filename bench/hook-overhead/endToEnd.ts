import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { build } from "esbuild";
import { E2E_HOOKS, E2E_MODEL_CALLS, e2ePipeline } from "./fixtures";

/**
 * The end-to-end half of the bench: `hookwright run PIPELINE --json` in a fresh process, with
 * five trivial post-model-call hooks over 12 model calls, minus the same run with the hooks
 * disabled; sandboxed (bin/hookwright.mjs, the real CLI) next to the same engine with no
 * sandbox (noSandboxCli.ts, bundled the same way). Every process is a cold CLI start, as a user
 * runs it; the sandbox's snapshot and the CLI bundle are cached on disk by the first runs.
 *
 * The hooks' cost is the median of paired differences (hooks on minus off, run back to back),
 * in three CPU times: each whole process's (cpuReport.mjs), the run command's, and the part of
 * it inside the engine's runner. The last two are counted the same way in both engines' CLI
 * builds (engineCli.ts; the sandboxed build, sandboxedCli.ts, is the real CLI's command with the
 * same process setup, bin/cliProcess.mjs). Without a sandbox the hooks cost a few ms inside a
 * ~500 ms process whose CPU time spreads by tens of ms from run to run, so the process measure
 * of that side is mostly noise; the command's CPU leaves out starting Node and loading the
 * bundle (the same with hooks on or off) and keeps all the engine does for the hooks (trace
 * events included): the targets are judged on it. The process measure stays beside it.
 */

/** The project folder: the nearest one up from this file (or its bundle in bench/out) with bin/hookwright.mjs. */
function projectRoot(): string {
  let dir = dirname(fileURLToPath(import.meta.url));
  while (!existsSync(join(dir, "bin", "hookwright.mjs"))) {
    const up = dirname(dir);
    if (up === dir) throw new Error("bench/hook-overhead: cannot find the project folder (bin/hookwright.mjs)");
    dir = up;
  }
  return dir;
}
const ROOT = projectRoot();
const OUT = join(ROOT, "bench", "out", "hook-overhead");

interface Sample {
  ms: number;
  /** User + system CPU time of the process itself (all its threads), to the microsecond (cpuReport.mjs). */
  cpuMs: number;
  /** The same with the child processes it waited for (esbuild's), when /usr/bin/time is there to say; to 10 ms. */
  cpuWithChildrenMs: number | null;
  hookEnds: number;
  /** CPU time of the run command and of its part inside the engine's runner (engineCli.ts builds only). */
  commandCpuMs: number | null;
  runnerCpuMs: number | null;
}

/** GNU time reports CPU time with the reaped children; on a shared machine CPU time is steadier than wall time. */
const TIME = existsSync("/usr/bin/time") ? "/usr/bin/time" : null;

function runCli(script: string, file: string): Sample {
  const args = ["--import", join(ROOT, "bench", "hook-overhead", "cpuReport.mjs"), script, "run", file, "--json"];
  const started = performance.now();
  const result = TIME
    ? spawnSync(TIME, ["-f", "HWTIME %U %S", process.execPath, ...args], { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 30, encoding: "utf8" })
    : spawnSync(process.execPath, args, { cwd: ROOT, stdio: ["ignore", "pipe", "pipe"], maxBuffer: 1 << 30, encoding: "utf8" });
  const ms = performance.now() - started;
  if (result.status !== 0) throw new Error(`${script} run ${file} exited with ${String(result.status)}: ${result.stderr}`);
  const hookEnds = result.stdout.split("\n").filter((line) => line.includes('"type":"hook.end"')).length;
  const own = /HWCPU ([\d.]+)/.exec(result.stderr);
  if (!own) throw new Error(`${script} run ${file} did not report its CPU time: ${result.stderr}`);
  const times = /HWTIME ([\d.]+) ([\d.]+)/.exec(result.stderr);
  const cpuWithChildrenMs = times ? (Number(times[1]) + Number(times[2])) * 1000 : null;
  const runner = /HWRUNNERCPU ([\d.]+)/.exec(result.stderr);
  const command = /HWCOMMANDCPU ([\d.]+)/.exec(result.stderr);
  return { ms, cpuMs: Number(own[1]), cpuWithChildrenMs, hookEnds, commandCpuMs: command ? Number(command[1]) : null, runnerCpuMs: runner ? Number(runner[1]) : null };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
const r1 = (n: number) => Math.round(n * 10) / 10;

export async function measureEndToEnd(sizes: [string, number][], iterations: number) {
  await mkdir(OUT, { recursive: true });
  /** An engine's CLI build: bundled as bin/hookwright.mjs bundles the CLI, started with the CLI's process setup. */
  const cliBuild = async (entry: string, name: string): Promise<string> => {
    await build({
      absWorkingDir: ROOT,
      entryPoints: [entry],
      bundle: true,
      platform: "node",
      format: "esm",
      target: "node20",
      packages: "external",
      outfile: join(OUT, `${name}-cli.mjs`),
      logLevel: "silent",
    });
    const script = join(OUT, `${name}.mjs`);
    const setup = JSON.stringify(pathToFileURL(join(ROOT, "bin", "cliProcess.mjs")).href);
    await writeFile(
      script,
      `import { prepareCliProcess } from ${setup};\nprepareCliProcess(${JSON.stringify(ROOT)});\nconst { main } = await import("./${name}-cli.mjs");\nprocess.exitCode = await main(process.argv.slice(2));\n`,
    );
    return script;
  };
  const noSandbox = await cliBuild("bench/hook-overhead/noSandboxCli.ts", "no-sandbox");
  const sandboxedCounted = await cliBuild("bench/hook-overhead/sandboxedCli.ts", "sandboxed");
  const engines = { sandboxed: join(ROOT, "bin", "hookwright.mjs"), sandboxedCounted, noSandbox };
  const expectedHookEnds = Object.keys(E2E_HOOKS).length * E2E_MODEL_CALLS;

  const results: Record<string, unknown>[] = [];
  for (const [label, bytes] of sizes) {
    const files = { on: join(OUT, `e2e-${label}-on.json`), off: join(OUT, `e2e-${label}-off.json`) };
    await writeFile(files.on, JSON.stringify(e2ePipeline(bytes, true)));
    await writeFile(files.off, JSON.stringify(e2ePipeline(bytes, false)));
    const samples: Record<string, number[]> = {};
    // One unmeasured round first: bundles the CLI and writes the sandbox snapshot if needed.
    for (let i = -1; i < iterations; i++) {
      for (const [engine, script] of Object.entries(engines)) {
        for (const [state, file] of Object.entries(files)) {
          const sample = runCli(script, file);
          const want = state === "on" ? expectedHookEnds : 0;
          if (sample.hookEnds !== want) throw new Error(`${engine} ${state} at ${label}: ${sample.hookEnds} hook.end events, expected ${want}`);
          if (i < 0) continue;
          (samples[`${engine}.${state}`] ??= []).push(sample.ms);
          (samples[`cpu:${engine}.${state}`] ??= []).push(sample.cpuMs);
          if (sample.cpuWithChildrenMs !== null) (samples[`cpuc:${engine}.${state}`] ??= []).push(sample.cpuWithChildrenMs);
          if (sample.commandCpuMs !== null) (samples[`command:${engine}.${state}`] ??= []).push(sample.commandCpuMs);
          if (sample.runnerCpuMs !== null) (samples[`runner:${engine}.${state}`] ??= []).push(sample.runnerCpuMs);
        }
      }
    }
    const m = (key: string) => median(samples[key] ?? []);
    // Paired: each iteration runs on and off back to back, so the median of their differences
    // cancels the machine's drift, where a difference of two medians carries both medians' noise.
    const cost = (prefix: string, engine: string) => {
      const on = samples[`${prefix}${engine}.on`] ?? [];
      const off = samples[`${prefix}${engine}.off`] ?? [];
      return median(on.map((v, i) => v - (off[i] ?? NaN)));
    };
    const ratio = (prefix: string, sandboxed = "sandboxed") => Math.round((cost(prefix, sandboxed) / cost(prefix, "noSandbox")) * 100) / 100;
    const hasChildren = samples["cpuc:sandboxed.on"] !== undefined;
    const medians = (prefix: string) => Object.fromEntries(Object.keys(samples).filter((k) => k.startsWith(prefix)).map((k) => [k.slice(prefix.length), r1(m(k))]));
    results.push({
      size: label,
      historyBytes: bytes,
      medianProcessMs: Object.fromEntries(Object.keys(samples).filter((k) => !k.includes(":")).map((k) => [k, r1(m(k))])),
      hooksCostMs: { sandboxed: r1(cost("", "sandboxed")), noSandbox: r1(cost("", "noSandbox")) },
      sandboxedOverNoSandbox: ratio(""),
      medianProcessCpuMs: medians("cpu:"),
      hooksCpuMs: { sandboxed: r1(cost("cpu:", "sandboxed")), noSandbox: r1(cost("cpu:", "noSandbox")) },
      sandboxedOverNoSandboxCpu: ratio("cpu:"),
      ...(hasChildren
        ? {
            hooksCpuWithChildrenMs: { sandboxed: r1(cost("cpuc:", "sandboxed")), noSandbox: r1(cost("cpuc:", "noSandbox")) },
            sandboxedOverNoSandboxCpuWithChildren: ratio("cpuc:"),
          }
        : {}),
      medianCommandCpuMs: medians("command:"),
      hooksCommandCpuMs: { sandboxed: r1(cost("command:", "sandboxedCounted")), noSandbox: r1(cost("command:", "noSandbox")) },
      sandboxedOverNoSandboxCommandCpu: ratio("command:", "sandboxedCounted"),
      medianRunnerCpuMs: medians("runner:"),
      hooksRunnerCpuMs: { sandboxed: r1(cost("runner:", "sandboxedCounted")), noSandbox: r1(cost("runner:", "noSandbox")) },
      sandboxedOverNoSandboxRunnerCpu: ratio("runner:", "sandboxedCounted"),
      sandboxedCountedHooksCpuMs: r1(cost("cpu:", "sandboxedCounted")),
      n: iterations,
    });
  }
  return results;
}
