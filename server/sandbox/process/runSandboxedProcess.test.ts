import { describe, expect, it } from "vitest";
import { ProcessSandboxError } from "./errors";
import { SANDBOX_PROJECT_DIR } from "./layout";
import { probeProcessSandbox, runSandboxedProcess } from "./processSandbox";
import { skipReason } from "./testSandbox";

/* Real processes in real sandboxes: the protocol a command hook speaks (stdin, stdout, stderr, exit code) and what the call reports. */

const preToolUse = { session_id: "s1", hook_event_name: "PreToolUse", cwd: SANDBOX_PROJECT_DIR, tool_name: "Bash", tool_input: { command: "rm -rf /" } };

describe.skipIf(skipReason !== null)("runSandboxedProcess", () => {
  it("runs a bash hook that reads stdin JSON with jq and blocks with exit 2 and stderr", async () => {
    const script = `#!/bin/bash
cmd=$(jq -r '.tool_input.command')
if [[ "$cmd" == rm* ]]; then echo "blocked: $cmd" >&2; exit 2; fi
exit 0
`;
    const result = await runSandboxedProcess({
      command: { shell: '"$CLAUDE_PROJECT_DIR"/.claude/hooks/guard.sh' },
      files: [{ path: ".claude/hooks/guard.sh", content: script, mode: 0o755 }],
      env: { CLAUDE_PROJECT_DIR: SANDBOX_PROJECT_DIR },
      stdin: JSON.stringify(preToolUse),
    });
    expect(result).toMatchObject({ exitCode: 2, signal: null, stdout: "", stderr: "blocked: rm -rf /\n", timedOut: false, fileChanges: [] });
  });

  it("runs a python3 hook that prints JSON on stdout", async () => {
    const script = `import json, sys
event = json.load(sys.stdin)
print(json.dumps({"hookSpecificOutput": {"hookEventName": event["hook_event_name"], "permissionDecision": "deny", "permissionDecisionReason": sys.version_info.major}}))
`;
    const result = await runSandboxedProcess({
      command: { shell: 'python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.py"' },
      files: [{ path: ".claude/hooks/guard.py", content: script }],
      env: { CLAUDE_PROJECT_DIR: SANDBOX_PROJECT_DIR },
      stdin: JSON.stringify(preToolUse),
    });
    expect(result.exitCode).toBe(0);
    expect(JSON.parse(result.stdout)).toEqual({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: 3 } });
  });

  it("runs a node hook with the server's own node", async () => {
    const script = `let input = "";
process.stdin.on("data", (c) => (input += c)).on("end", () => {
  const event = JSON.parse(input);
  console.log(JSON.stringify({ tool: event.tool_name, node: process.version }));
});
`;
    const result = await runSandboxedProcess({ command: { shell: "node hooks/log.mjs" }, files: [{ path: "hooks/log.mjs", content: script }], stdin: JSON.stringify(preToolUse) });
    expect(result.stderr).toBe("");
    expect(JSON.parse(result.stdout)).toEqual({ tool: "Bash", node: process.version });
  });

  it("runs a script by its shebang, and an argv without a shell", async () => {
    const byShebang = await runSandboxedProcess({ command: { shell: "./hello" }, files: [{ path: "hello", content: "#!/usr/bin/env python3\nprint('hi from', __name__)\n", mode: 0o755 }] });
    expect(byShebang.stdout).toBe("hi from __main__\n");
    const argv = await runSandboxedProcess({ command: { argv: ["printf", "%s|", "a b", "$HOME"] } });
    expect(argv.stdout).toBe("a b|$HOME|");
  });

  it("reports exit codes as the command returns them", async () => {
    for (const code of [0, 1, 3, 127]) {
      const result = await runSandboxedProcess({ command: { shell: `exit ${code}` } });
      expect(result.exitCode).toBe(code);
    }
    const missing = await runSandboxedProcess({ command: { shell: "no-such-command" } });
    expect(missing.exitCode).toBe(127);
    expect(missing.stderr).toContain("not found");
  });

  it("gives exactly the given environment plus PATH, HOME, LANG and TZ, in the project folder", async () => {
    const result = await runSandboxedProcess({ command: { argv: ["sh", "-c", "env | sort; pwd; id -un"] }, env: { CLAUDE_PROJECT_DIR: SANDBOX_PROJECT_DIR, LANG: "en_US.UTF-8" } });
    const lines = result.stdout.trim().split("\n");
    expect(lines.filter((line) => !line.startsWith("PWD=") && !line.startsWith("SHLVL=")).slice(0, -2)).toEqual([
      `CLAUDE_PROJECT_DIR=${SANDBOX_PROJECT_DIR}`,
      "HOME=/home/user",
      "LANG=en_US.UTF-8",
      "PATH=/opt/hookwright/bin:/usr/local/bin:/usr/bin:/bin",
      "TZ=UTC",
    ]);
    expect(lines.slice(-2)).toEqual([SANDBOX_PROJECT_DIR, "user"]);
  });

  it("runs in a subfolder of the project when asked", async () => {
    const result = await runSandboxedProcess({ command: { shell: "pwd; cat ../top.txt" }, cwd: "sub/dir", files: [{ path: "sub/top.txt", content: "top" }] });
    expect(result.stdout).toBe(`${SANDBOX_PROJECT_DIR}/sub/dir\ntop`);
  });

  it("kills a command at its timeout, with everything it started", async () => {
    const started = Date.now();
    const result = await runSandboxedProcess({ command: { shell: "sleep 100 & sleep 100" }, limits: { timeoutMs: 300 } });
    expect(result).toMatchObject({ exitCode: null, signal: "SIGKILL", timedOut: true });
    expect(Date.now() - started).toBeLessThan(3000);
  });

  it("keeps stdout and stderr up to their caps and says they were cut", async () => {
    const result = await runSandboxedProcess({
      command: { shell: "head -c 100000 /dev/zero | tr '\\0' a; head -c 5000 /dev/zero | tr '\\0' e >&2" },
      limits: { stdoutBytes: 1000, stderrBytes: 10 },
    });
    expect(result).toMatchObject({ exitCode: 0, stdout: "a".repeat(1000), stderr: "e".repeat(10), stdoutTruncated: true, stderrTruncated: true, outputLimitHit: false });
  });

  it("kills a command that prints without end (`yes`)", async () => {
    const result = await runSandboxedProcess({ command: { shell: "yes" }, limits: { stdoutBytes: 100, outputKillBytes: 1024 * 1024, timeoutMs: 10_000 } });
    expect(result).toMatchObject({ exitCode: null, signal: "SIGKILL", timedOut: false, outputLimitHit: true, stdoutTruncated: true, stdout: "y\n".repeat(50) });
  });

  it("reports the files added, modified and deleted in the project folder", async () => {
    const result = await runSandboxedProcess({
      command: { shell: "echo new > added.txt; echo more >> keep/edited.txt; rm gone.txt; chmod +x same.sh; ln -s /etc/passwd link; mkdir -p d/e; printf '\\377' > d/e/bin" },
      files: [
        { path: "keep/edited.txt", content: "old\n" },
        { path: "gone.txt", content: "bye" },
        { path: "same.sh", content: "#!/bin/sh\n" },
        { path: "untouched.txt", content: "same" },
      ],
    });
    expect(result.exitCode).toBe(0);
    expect(result.fileChanges).toEqual([
      { path: "added.txt", kind: "added", type: "file", content: "new\n", encoding: "utf8", contentTruncated: false, size: 4, mode: 0o644, linkTarget: null },
      { path: "d/e/bin", kind: "added", type: "file", content: "/w==", encoding: "base64", contentTruncated: false, size: 1, mode: 0o644, linkTarget: null },
      { path: "gone.txt", kind: "deleted", type: null, content: null, encoding: null, contentTruncated: false, size: 0, mode: null, linkTarget: null },
      { path: "keep/edited.txt", kind: "modified", type: "file", content: "old\nmore\n", encoding: "utf8", contentTruncated: false, size: 9, mode: 0o644, linkTarget: null },
      { path: "link", kind: "added", type: "symlink", content: null, encoding: null, contentTruncated: false, size: 11, mode: null, linkTarget: "/etc/passwd" },
      { path: "same.sh", kind: "modified", type: "file", content: "#!/bin/sh\n", encoding: "utf8", contentTruncated: false, size: 10, mode: 0o755, linkTarget: null },
    ]);
  });

  it("reports a changed file's content up to its cap", async () => {
    const result = await runSandboxedProcess({ command: { shell: "head -c 5000 /dev/zero | tr '\\0' x > big.txt" }, limits: { reportedFileBytes: 100 } });
    expect(result.fileChanges).toEqual([expect.objectContaining({ path: "big.txt", content: "x".repeat(100), contentTruncated: true, size: 5000 })]);
  });

  it("mounts read-only folders beside the project folder, whose scripts run but cannot be changed", async () => {
    const pluginRoot = "/home/user/.claude/plugins/fmt";
    const result = await runSandboxedProcess({
      command: { shell: '"${CLAUDE_PLUGIN_ROOT}/hooks/fmt.sh"; echo x > "${CLAUDE_PLUGIN_ROOT}/hooks/fmt.sh" || echo refused' },
      readOnlyFolders: [{ at: pluginRoot, files: [{ path: "hooks/fmt.sh", content: "#!/bin/sh\necho formatted > out.txt\n", mode: 0o755 }] }],
      env: { CLAUDE_PLUGIN_ROOT: pluginRoot },
    });
    expect(result.stdout).toBe("refused\n");
    expect(result.stderr).toContain("Read-only file system");
    expect(result.fileChanges).toEqual([expect.objectContaining({ path: "out.txt", kind: "added", content: "formatted\n" })]);
    for (const at of ["/usr/plugin", "/home/user", "/home/user/project/p", "/home/user/../../etc", "relative"]) {
      await expect(runSandboxedProcess({ command: { shell: "true" }, readOnlyFolders: [{ at, files: [] }] })).rejects.toMatchObject({ code: "BAD_SPEC" });
    }
  });

  it("refuses a spec whose files leave the project folder", async () => {
    for (const path of ["../escape", "/etc/passwd", "a/../../b", ""]) {
      await expect(runSandboxedProcess({ command: { shell: "true" }, files: [{ path, content: "x" }] })).rejects.toThrow(ProcessSandboxError);
    }
    await expect(runSandboxedProcess({ command: { shell: "true" }, cwd: "/root" })).rejects.toMatchObject({ code: "BAD_SPEC" });
    await expect(runSandboxedProcess({ command: { argv: [] } })).rejects.toMatchObject({ code: "BAD_SPEC" });
  });
});

describe("runSandboxedProcess without a sandbox", () => {
  it("refuses to run, saying why and what to install", async () => {
    process.env.HOOKWRIGHT_BWRAP = "/nonexistent/bwrap";
    try {
      expect(await probeProcessSandbox({ fresh: true })).toMatchObject({ available: false });
      const refused = runSandboxedProcess({ command: { shell: "touch /tmp/ran" } });
      await expect(refused).rejects.toMatchObject({ name: "ProcessSandboxError", code: "UNAVAILABLE", fix: "point HOOKWRIGHT_BWRAP at bwrap or unset it" });
      await expect(refused).rejects.toThrow("command not run: HOOKWRIGHT_BWRAP is /nonexistent/bwrap, which is not an executable file");
    } finally {
      delete process.env.HOOKWRIGHT_BWRAP;
      await probeProcessSandbox({ fresh: true });
    }
  });
});
