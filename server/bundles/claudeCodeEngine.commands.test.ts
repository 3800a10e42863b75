import { chmod, mkdir, writeFile } from "node:fs/promises";
import { dirname, join } from "node:path";
import { describe, expect, it } from "vitest";
import type { CommandLanguage } from "~/core/pipeline/runtimeSchema";
import type { TraceEvent } from "~/core/trace/events";
import { probeProcessSandbox } from "~/server/sandbox/process";
import { canIsolate, claudeEngineFixture, engineToolResults, hookTexts, hookwrightRun, parsed, runEngine, strings } from "./testing/claudeEngine";

/*
 * Command hooks — bash with jq, Python, Node — in a project's .claude/settings.json, run by the
 * REAL Claude Code engine (2.1.330, offline, unshare -rn) and by Hookwright's process sandbox:
 * the same tool calls with the same input, the same hook texts reaching the model, the same stop.
 * Hooks that race are spaced with sleeps in declared order, so the engine completes them in the
 * order Hookwright's scenario declares.
 */

const isolated = canIsolate();
const sandboxed = (await probeProcessSandbox()).available;
const claude = claudeEngineFixture("claude-commands", isolated && sandboxed);

interface CommandHook {
  event: "PreToolUse" | "PostToolUse" | "Stop" | "UserPromptSubmit";
  language: CommandLanguage;
  /** The script under .claude/hooks/ (null: a one-liner). */
  script: { name: string; code: string } | null;
  /** The command line; `SCRIPT` stands for the script's path under $CLAUDE_PROJECT_DIR. */
  command: string;
  timeoutSeconds?: number;
}

const RUNNER: Record<string, string> = { bash: "bash", python: "python3", node: "node", sh: "sh" };
const script = (language: CommandLanguage, name: string, code: string, sleep = 0): CommandHook["script"] => ({
  name,
  code: sleep > 0 ? withSleep(language, code, sleep) : code,
});
function withSleep(language: CommandLanguage, code: string, seconds: number): string {
  if (language === "python") return `import time\ntime.sleep(${seconds})\n${code}`;
  if (language === "node") return `await new Promise((r) => setTimeout(r, ${seconds * 1000}));\n${code}`;
  return code.replace(/^(#!.*\n)?/, (m) => `${m}sleep ${seconds}\n`);
}
const hook = (event: CommandHook["event"], language: CommandLanguage, s: CommandHook["script"], extra: Partial<CommandHook> = {}): CommandHook => ({
  event,
  language,
  script: s,
  command: s ? `${RUNNER[language] ?? ""} "$CLAUDE_PROJECT_DIR/.claude/hooks/${s.name}"` : "",
  ...extra,
});

const BASH_DENY = '#!/bin/bash\ncmd=$(jq -r .tool_input.command)\nif [[ "$cmd" == *"rm -rf"* ]]; then\n  jq -n --arg c "$cmd" \'{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: ("refusing " + $c)}}\'\nfi\n';
const PY_CONTEXT = (event: string, text: string) => `import json, sys\ndata = json.load(sys.stdin)\nprint(json.dumps({"hookSpecificOutput": {"hookEventName": "${event}", "additionalContext": "${text} " + data.get("tool_name", "")}}))\n`;
const NODE_REWRITE = 'let s = "";\nfor await (const d of process.stdin) s += d;\nconst input = JSON.parse(s);\nconsole.log(JSON.stringify({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: input.tool_input.command + " checked" } } }));\n';
const BASH_EXIT2 = (reason: string) => `#!/bin/bash\necho "${reason}" >&2\nexit 2\n`;
const PY_CRASH = "import json, sys\njson.load(sys.stdin)\nraise RuntimeError('boom')\n";
const STOP_ONCE = '#!/bin/bash\nif [ "$(jq -r .stop_hook_active)" = "true" ]; then exit 0; fi\necho \'{"decision": "block", "reason": "run the tests first"}\'\n';

interface Case {
  name: string;
  hooks: CommandHook[];
  command: string;
}

const CASES: Case[] = [
  { name: "bash with jq denies rm -rf", hooks: [hook("PreToolUse", "bash", script("bash", "guard.sh", BASH_DENY))], command: "rm -rf build" },
  { name: "a Node hook allows with updatedInput; a Python hook adds context", hooks: [hook("PreToolUse", "node", script("node", "rewrite.mjs", NODE_REWRITE)), hook("PreToolUse", "python", script("python", "note.py", PY_CONTEXT("PreToolUse", "python saw"), 0.4))], command: "echo hi" },
  { name: "exit 2 beside an allow, and a crash", hooks: [hook("PreToolUse", "node", script("node", "rewrite.mjs", NODE_REWRITE)), hook("PreToolUse", "python", script("python", "crash.py", PY_CRASH), {}), hook("PreToolUse", "bash", script("bash", "red.sh", BASH_EXIT2("tests are red"), 0.4))], command: "echo hi" },
  { name: "a timeout does not block; PostToolUse contexts and an exit 2 from three languages", hooks: [hook("PreToolUse", "sh", null, { command: "sleep 5", timeoutSeconds: 1 }), hook("PostToolUse", "python", script("python", "post.py", PY_CONTEXT("PostToolUse", "checked"))), hook("PostToolUse", "bash", script("bash", "lint.sh", BASH_EXIT2("lint failed"), 0.4)), hook("PostToolUse", "node", null, { command: `sleep 0.8; node -e 'console.log(JSON.stringify({hookSpecificOutput:{hookEventName:"PostToolUse",additionalContext:"node too"}}))'` })], command: "echo hi" },
  { name: "two hooks race on one rewrite; a Stop hook blocks once", hooks: [hook("PreToolUse", "node", script("node", "rewrite.mjs", NODE_REWRITE)), hook("PreToolUse", "sh", null, { command: `sleep 0.4; echo '{"hookSpecificOutput":{"hookEventName":"PreToolUse","permissionDecision":"allow","updatedInput":{"command":"echo hi last"}}}'` }), hook("Stop", "bash", script("bash", "stop.sh", STOP_ONCE))], command: "echo hi" },
];

function settingsOf(hooks: readonly CommandHook[]): unknown {
  const byEvent: Record<string, { matcher?: string; hooks: unknown[] }[]> = {};
  for (const h of hooks) {
    const group = { ...(h.event === "Stop" || h.event === "UserPromptSubmit" ? {} : { matcher: "Bash" }), hooks: [{ type: "command", command: h.command, ...(h.timeoutSeconds ? { timeout: h.timeoutSeconds } : {}) }] };
    (byEvent[h.event] ??= []).push(group);
  }
  return { hooks: byEvent };
}

function pipelineOf(c: Case) {
  return parsed({
    format: "hookwright.pipeline/v1",
    name: c.name,
    profile: "claude-code",
    hooks: c.hooks.map((h, i) => ({
      id: `h${i + 1}`,
      point: h.event,
      name: h.script?.name ?? `one-liner ${i + 1}`,
      matcher: h.event === "Stop" || h.event === "UserPromptSubmit" ? null : "Bash",
      code: h.script?.code ?? "",
      ...(h.timeoutSeconds ? { timeoutMs: h.timeoutSeconds * 1000 } : {}),
      runtime: { kind: "command", language: h.language, command: h.command, script: h.script ? { root: "project", path: `.claude/hooks/${h.script.name}` } : null },
    })),
    scenarios: [
      {
        name: "default",
        prompt: "Clean up.",
        model: {
          kind: "scripted",
          responses: [
            { content: [{ type: "tool_use", id: "toolu_a", name: "Bash", input: { command: c.command } }], stopReason: "tool_use" },
            { content: [{ type: "text", text: "Done." }], stopReason: "end_turn" },
            { content: [{ type: "text", text: "Tests pass." }], stopReason: "end_turn" },
          ],
        },
        // Like the engine's Bash for the echo commands the cases run: what a rewrite did shows in the result.
        tools: [{ name: "Bash", inputSchema: { type: "object" }, handler: 'export default (input: { command: string }) => input.command.replace(/^echo /, "");\n' }],
      },
    ],
  });
}

const requests = (events: TraceEvent[]) => events.flatMap((e) => (e.type === "model.request" ? [e] : []));

describe.skipIf(!isolated || !sandboxed)("command hooks: Hookwright's process sandbox and the real engine send the model the same", () => {
  for (const c of CASES) {
    it(c.name, { timeout: 180_000 }, async () => {
      const dir = join(claude.folder(), c.name.replace(/\W+/g, "-"));
      const project = join(dir, "project");
      await mkdir(join(project, ".claude", "hooks"), { recursive: true });
      await writeFile(join(project, ".claude", "settings.json"), JSON.stringify(settingsOf(c.hooks), null, 2));
      for (const h of c.hooks) {
        if (!h.script) continue;
        const path = join(project, ".claude", "hooks", h.script.name);
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, h.script.code);
        await chmod(path, 0o755);
      }
      const pipeline = pipelineOf(c);
      const [events, real] = await Promise.all([hookwrightRun(pipeline), runEngine(claude.engine(), dir, pipeline, project)]);
      const where = `${c.name}: engine exit ${real.code}, stderr ${real.stderr.slice(0, 400)}`;
      expect(real.code, where).toBe(0);
      expect(real.modelCalls.length, where).toBe(requests(events).length);
      // Every tool_result: same content, same is_error (the tool echoes the command it ran, so a rewrite shows).
      const mine = requests(events).at(-1)?.messages.flatMap((m) => m.content.flatMap((b) => (b.type === "tool_result" ? [{ content: b.content, is_error: b.is_error ?? false }] : []))) ?? [];
      const theirs = engineToolResults(real).map((r) => ({ content: r.content, is_error: r.is_error ?? false }));
      expect(mine, where).toEqual(theirs);
      const sent = strings(real.modelCalls.map((call) => call.messages));
      for (const text of hookTexts(events)) expect(sent, `${where}\nmissing: ${JSON.stringify(text)}`).toContain(text);
    });
  }
});
