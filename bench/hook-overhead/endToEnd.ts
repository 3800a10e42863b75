import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";
import { E2E_HOOKS, E2E_MODEL_CALLS, e2ePipeline } from "./fixtures";

/**
 * The end-to-end half of the bench: `hookwright run PIPELINE --json` in a fresh process, with
 * five trivial post-model-call hooks over 12 model calls, minus the same run with the hooks
 * disabled; sandboxed (bin/hookwright.mjs, the real CLI) next to the same engine with no
 * sandbox (noSandboxCli.ts, bundled the same way). Every process is a cold CLI start, as a user
 * runs it; the sandbox's snapshot and the CLI bundle are cached on disk by the first runs.
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
  return { ms, cpuMs: Number(own[1]), cpuWithChildrenMs, hookEnds };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? NaN;
};
const r1 = (n: number) => Math.round(n * 10) / 10;

export async function measureEndToEnd(sizes: [string, number][], iterations: number) {
  await mkdir(OUT, { recursive: true });
  await build({
    absWorkingDir: ROOT,
    entryPoints: ["bench/hook-overhead/noSandboxCli.ts"],
    bundle: true,
    platform: "node",
    format: "esm",
    target: "node20",
    packages: "external",
    outfile: join(OUT, "no-sandbox-cli.mjs"),
    logLevel: "silent",
  });
  const noSandbox = join(OUT, "no-sandbox.mjs");
  // The same transpile cache as bin/hookwright.mjs gives the real CLI.
  const cache = JSON.stringify(join(ROOT, ".cache", "sandbox"));
  await writeFile(noSandbox, `process.env.HOOKWRIGHT_SANDBOX_CACHE ??= ${cache};\nconst { main } = await import("./no-sandbox-cli.mjs");\nprocess.exitCode = await main(process.argv.slice(2));\n`);
  const engines = { sandboxed: join(ROOT, "bin", "hookwright.mjs"), noSandbox };
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
    const ratio = (prefix: string) => Math.round((cost(prefix, "sandboxed") / cost(prefix, "noSandbox")) * 100) / 100;
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
      n: iterations,
    });
  }
  return results;
}
