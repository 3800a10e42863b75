/**
 * bench/process-sandbox: what one command-hook call costs in the process sandbox
 * (server/sandbox/process/), against the same command spawned plainly, as a host spawns it.
 *
 * Cases: `true`, a bash hook that reads stdin JSON with jq, a python3 hook (json.load + print),
 * a node hook. Each is run N times (default 30) after 3 warm-up calls, one at a time, sandboxed
 * and plain alternating (so both see the same load on a shared machine); the
 * sandboxed time is runSandboxedProcess's whole call (lay out the folder, bwrap, run, diff the
 * folder, remove it), the plain time a `/bin/sh -c` spawn in a folder holding the same scripts.
 *
 * Prints JSON: { bwrap, node, n, cases: { name: { sandboxed: {p50Ms, p95Ms}, plain: {…}, overheadP50Ms } } }.
 *   npm run bench:process            (N=50 npm run bench:process)
 */
import { spawn } from "node:child_process";
import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { probeProcessSandbox, runSandboxedProcess, SANDBOX_PROJECT_DIR, type SandboxFile } from "../../server/sandbox/process";

const n = Number(process.env.N ?? 30);
const WARMUP = 3;

const stdin = JSON.stringify({ session_id: "bench", hook_event_name: "PreToolUse", cwd: SANDBOX_PROJECT_DIR, tool_name: "Bash", tool_input: { command: "ls -la" } });

interface Case {
  readonly name: string;
  readonly command: string;
  readonly files: readonly SandboxFile[];
}

const cases: Case[] = [
  { name: "true", command: "true", files: [] },
  {
    name: "bash+jq",
    command: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh',
    files: [{ path: ".claude/hooks/guard.sh", mode: 0o755, content: `#!/bin/bash\ncmd=$(jq -r '.tool_input.command')\n[[ "$cmd" == rm* ]] && { echo "no rm" >&2; exit 2; }\nexit 0\n` }],
  },
  {
    name: "python3",
    command: 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.py"',
    files: [{ path: ".claude/hooks/guard.py", content: `import json, sys\nevent = json.load(sys.stdin)\nprint(json.dumps({"decision": "approve", "tool": event["tool_name"]}))\n` }],
  },
  {
    name: "node",
    command: 'node "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.mjs"',
    files: [{ path: ".claude/hooks/guard.mjs", content: `let s = "";\nprocess.stdin.on("data", (c) => (s += c)).on("end", () => console.log(JSON.stringify({ tool: JSON.parse(s).tool_name })));\n` }],
  },
];

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? NaN) * 10) / 10;
}

/**
 * Times two ways of making the same call, alternating them call by call, so that both see the
 * same load on a shared machine.
 */
async function measurePair(calls: { sandboxed: () => Promise<void>; plain: () => Promise<void> }) {
  const times = { sandboxed: [] as number[], plain: [] as number[] };
  for (let i = 0; i < WARMUP + n; i++) {
    for (const kind of ["sandboxed", "plain"] as const) {
      const started = performance.now();
      await calls[kind]();
      if (i >= WARMUP) times[kind].push(performance.now() - started);
    }
  }
  const summary = (list: number[]) => {
    list.sort((a, b) => a - b);
    return { p50Ms: percentile(list, 50), p95Ms: percentile(list, 95) };
  };
  return { sandboxed: summary(times.sandboxed), plain: summary(times.plain) };
}

/** The same command as a host runs it: `/bin/sh -c` in the project folder, stdin written, output read. */
function plainCall(command: string, dir: string): Promise<void> {
  const env: Record<string, string> = { PATH: `${path.dirname(process.execPath)}:/usr/bin:/bin`, HOME: dir, LANG: "C.UTF-8", CLAUDE_PROJECT_DIR: dir };
  return new Promise((resolve, reject) => {
    const child = spawn("/bin/sh", ["-c", command], {
      cwd: dir,
      // Debian's python3, as in the sandbox (not a pyenv shim); the server's node first, as in the sandbox.
      // (cast: Next's typings make NODE_ENV required in ProcessEnv)
      env: env as NodeJS.ProcessEnv,
    });
    child.stdout.resume();
    child.stderr.resume();
    child.stdin.on("error", () => undefined); // `true` does not read its stdin
    child.stdin.end(stdin);
    child.on("error", reject);
    child.on("close", (code) => (code === 0 ? resolve() : reject(new Error(`${command} exited ${String(code)}`))));
  });
}

const probe = await probeProcessSandbox();
if (!probe.available) {
  console.log(JSON.stringify({ error: `process sandbox unavailable: ${probe.reason}`, fix: probe.fix }));
  process.exit(1);
}

const results: Record<string, unknown> = {};
for (const c of cases) {
  const dir = mkdtempSync(path.join(tmpdir(), "hookwright-bench-plain-"));
  for (const file of c.files) {
    const target = path.join(dir, file.path);
    mkdirSync(path.dirname(target), { recursive: true });
    writeFileSync(target, file.content);
    chmodSync(target, file.mode ?? 0o644);
  }
  try {
    const { sandboxed, plain } = await measurePair({
      sandboxed: async () => {
        const result = await runSandboxedProcess({ command: { shell: c.command }, files: c.files, env: { CLAUDE_PROJECT_DIR: SANDBOX_PROJECT_DIR }, stdin });
        if (result.exitCode !== 0) throw new Error(`${c.name}: exit ${String(result.exitCode)}: ${result.stderr}`);
      },
      plain: () => plainCall(c.command, dir),
    });
    results[c.name] = { sandboxed, plain, overheadP50Ms: Math.round((sandboxed.p50Ms - plain.p50Ms) * 10) / 10 };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

console.log(JSON.stringify({ bwrap: probe.version, node: process.version, n, cases: results }, null, 2));
