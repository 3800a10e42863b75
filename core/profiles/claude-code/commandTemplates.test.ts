/* eslint-disable @typescript-eslint/no-restricted-imports -- a test, never bundled: it checks the templates with the machine's own bash, sh, python3, node and jq */
import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { COMMAND_LANGUAGES, type CommandLanguage } from "../../pipeline/runtimeSchema";
import { claudeCodeCommandLine, claudeCodeCommandTemplate, claudeCodeScriptLocation } from "./commandTemplates";
import { claudeCodePoints } from "./points";

const dir = mkdtempSync(join(tmpdir(), "hookwright-templates-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** How each language's syntax is checked without running the script. */
const checks: Record<CommandLanguage, { ext: string; check: (file: string) => [string, string[]] }> = {
  bash: { ext: ".sh", check: (f) => ["bash", ["-n", f]] },
  sh: { ext: ".sh", check: (f) => ["sh", ["-n", f]] },
  python: { ext: ".py", check: (f) => ["python3", ["-c", "import ast, sys; ast.parse(open(sys.argv[1]).read(), sys.argv[1])", f]] },
  node: { ext: ".js", check: (f) => ["node", ["--check", f]] },
  other: { ext: "", check: (f) => ["bash", ["-n", f]] },
};

/** Runs a template on `stdin` (needs jq for the shell ones); its exit code and streams. */
function run(language: CommandLanguage, file: string, stdin: object): { code: number; stdout: string; stderr: string } {
  const [cmd, args] = { bash: ["bash", [file]], sh: ["sh", [file]], python: ["python3", [file]], node: ["node", [file]], other: ["bash", [file]] }[language] as [string, string[]];
  try {
    const stdout = execFileSync(cmd, args, { input: JSON.stringify(stdin), encoding: "utf8", stdio: ["pipe", "pipe", "pipe"] });
    return { code: 0, stdout, stderr: "" };
  } catch (e) {
    const err = e as { status: number; stdout: string; stderr: string };
    return { code: err.status, stdout: err.stdout, stderr: err.stderr };
  }
}

function hasJq(): boolean {
  try {
    execFileSync("jq", ["--version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

describe("claudeCodeCommandTemplate", () => {
  it("has a template for every event and language, each valid in its language", () => {
    for (const point of claudeCodePoints) {
      for (const language of COMMAND_LANGUAGES) {
        const code = claudeCodeCommandTemplate(point.id, language);
        expect(code, `${point.id}/${language}`).toMatch(/^#!/);
        const { ext, check } = checks[language];
        const file = join(dir, `${point.id}-${language}${ext}`);
        writeFileSync(file, code ?? "");
        const [cmd, args] = check(file);
        expect(() => execFileSync(cmd, args, { stdio: "pipe" }), `${point.id}/${language}`).not.toThrow();
      }
    }
  }, 60_000);

  it("returns null for an event Claude Code does not have", () => {
    expect(claudeCodeCommandTemplate("before_tool_call", "bash")).toBeNull();
  });

  it.runIf(hasJq())("the PreToolUse templates deny rm -rf and let other commands through", () => {
    const input = (command: string) => ({ hook_event_name: "PreToolUse", tool_name: "Bash", tool_input: { command }, tool_use_id: "t1", session_id: "s", transcript_path: "/t", cwd: "/p" });
    for (const language of COMMAND_LANGUAGES) {
      const file = join(dir, `run-PreToolUse-${language}`);
      writeFileSync(file, claudeCodeCommandTemplate("PreToolUse", language) ?? "");
      const denied = run(language, file, input("rm -rf /"));
      if (denied.code === 2) expect(denied.stderr, language).toContain("rm -rf is not allowed");
      else expect(JSON.parse(denied.stdout), language).toMatchObject({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny" } });
      expect(run(language, file, input("ls")), language).toEqual({ code: 0, stdout: "", stderr: "" });
    }
  });

  it.runIf(hasJq())("the Stop templates block once, then let Claude stop when stop_hook_active is set", () => {
    for (const language of COMMAND_LANGUAGES) {
      const file = join(dir, `run-Stop-${language}`);
      writeFileSync(file, claudeCodeCommandTemplate("Stop", language) ?? "");
      const first = run(language, file, { hook_event_name: "Stop", stop_hook_active: false, last_assistant_message: "All done." });
      if (first.code === 2) expect(first.stderr, language).toContain("Run the tests");
      else expect(JSON.parse(first.stdout), language).toEqual({ decision: "block", reason: "Run the tests before you finish." });
      expect(run(language, file, { hook_event_name: "Stop", stop_hook_active: true, last_assistant_message: "All done." }).code, language).toBe(0);
    }
  });

  it.runIf(hasJq())("the context templates answer with this event's additionalContext", () => {
    for (const language of COMMAND_LANGUAGES) {
      const file = join(dir, `run-PostToolUse-${language}`);
      writeFileSync(file, claudeCodeCommandTemplate("PostToolUse", language) ?? "");
      const out = run(language, file, { hook_event_name: "PostToolUse", tool_name: "Bash", tool_input: {}, tool_response: {} });
      expect(JSON.parse(out.stdout), language).toMatchObject({ hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: expect.any(String) as string } });
    }
  });
});

describe("claudeCodeScriptLocation / claudeCodeCommandLine", () => {
  it("puts scripts under .claude/hooks by kebab name and runs them with the language's interpreter", () => {
    const script = claudeCodeScriptLocation("Block RM", "bash");
    expect(script).toEqual({ root: "project", path: ".claude/hooks/block-rm.sh" });
    expect(claudeCodeCommandLine(script, "bash")).toBe('bash "$CLAUDE_PROJECT_DIR/.claude/hooks/block-rm.sh"');
    expect(claudeCodeCommandLine(claudeCodeScriptLocation("guard", "python"), "python")).toBe('python3 "$CLAUDE_PROJECT_DIR/.claude/hooks/guard.py"');
    expect(claudeCodeCommandLine({ root: "plugin", path: "hooks/fmt.sh" }, "other")).toBe('"${CLAUDE_PLUGIN_ROOT}/hooks/fmt.sh"');
  });
});
