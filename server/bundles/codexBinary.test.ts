import { describe, expect, it } from "vitest";
import { codexAvailability, runCodex, scratchFolder } from "./testing/codexBinary";
import { codexProjectFiles, differential, pipelineOf, type CodexCase } from "./testing/codexDifferential";
import { codexTranscript, hookwrightTranscript, observeCodex } from "./testing/codexObserved";
import { expectSameAsCodex } from "./testing/codexKnownDifferences";

/*
 * The `codex` profile against the REAL Codex CLI 0.169.0 (../shared/reference/codex.md): each
 * pipeline is exported as the project's `.codex/hooks.json` (trusted, hooks run with
 * --dangerously-bypass-hook-trust), run headless by `codex exec` offline against a scripted
 * Responses-API server in `unshare -rn`, and run by Hookwright; the model must get the same
 * outputs and hook texts, the same commands must run, with as many model requests and the same end.
 * Hooks that race on a rewrite sleep so the binary completes them in the order Hookwright's
 * scenario declares.
 */

const available = await codexAvailability();
const skip = available.ok ? null : available.reason;
if (skip !== null) console.warn(`codexBinary.test.ts skipped: ${skip}`);
const binary = () => (available.ok ? available.codex : "");
const folder = scratchFolder("codex-binary", available.ok);

const deny = (reason: string, extra = "") => `jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "${reason}"${extra}}}'`;
const rewrite = (cmd: string, decision = 'permissionDecision: "allow", ') => `jq -n '{hookSpecificOutput: {hookEventName: "PreToolUse", ${decision}updatedInput: {command: "${cmd}"}}}'`;
const context = (event: string, text: string) => `jq -n --arg c "${text}" '{hookSpecificOutput: {hookEventName: "${event}", additionalContext: $c}}'`;

export const FIXED: CodexCase[] = [
  {
    name: "deny with a reason and a context, a reasonless deny, a context",
    hooks: [
      { event: "PreToolUse", bash: deny("tk-no-reason-first").replace(/, permissionDecisionReason: "[^"]*"/, "") },
      { event: "PreToolUse", bash: deny("tk-deny", ', additionalContext: "tk-deny-context"') },
      { event: "PreToolUse", bash: context("PreToolUse", 'saw $(jq -r .tool_input.command <<<"$in") as $(jq -r .tool_name <<<"$in")') },
    ],
  },
  {
    name: "a reasonless deny alone fails open",
    hooks: [{ event: "PreToolUse", bash: deny("x").replace(/, permissionDecisionReason: "[^"]*"/, "") }],
  },
  {
    name: "two denies: the first in config order, though it completes last",
    hooks: [
      { event: "PreToolUse", bash: deny("tk-first"), sleep: 0.4 },
      { event: "PreToolUse", bash: deny("tk-second") },
    ],
  },
  {
    name: "two rewrites with allow: the last to complete wins",
    completionOrder: "declared",
    hooks: [
      { event: "PreToolUse", bash: rewrite("echo rewritten-one") },
      { event: "PreToolUse", bash: rewrite("echo rewritten-two"), sleep: 0.4 },
      { event: "PostToolUse", bash: context("PostToolUse", 'post saw $(jq -r .tool_input.command <<<"$in"): $(jq -r .tool_response <<<"$in")') },
    ],
  },
  {
    name: "two rewrites, the first configured completing last",
    completionOrder: "reverse",
    hooks: [
      { event: "PreToolUse", bash: rewrite("echo rewritten-one"), sleep: 0.4 },
      { event: "PreToolUse", bash: rewrite("echo rewritten-two") },
    ],
  },
  {
    name: "a rewrite without allow is ignored; a deny beats a rewrite",
    calls: [["echo ran-a"], ["echo ran-b"]],
    hooks: [
      { event: "PreToolUse", bash: rewrite("echo ignored", "") },
      { event: "PreToolUse", bash: `if [[ "$(jq -r .tool_input.command <<<"$in")" == *ran-b* ]]; then ${deny("tk-b-denied")}; else ${rewrite("echo allowed-a")}; fi` },
      { event: "PreToolUse", bash: `[[ "$(jq -r .tool_input.command <<<"$in")" == *ran-b* ]] && ${rewrite("echo never")}; exit 0` },
    ],
  },
  {
    name: "exit 2 with stderr, beside a reasonless exit 2, a crash and a timeout",
    hooks: [
      { event: "PreToolUse", bash: "exit 2" },
      { event: "PreToolUse", bash: 'echo "boom" >&2; exit 1' },
      { event: "PreToolUse", bash: deny("tk-slow"), sleep: 3, timeoutSeconds: 1 },
      { event: "PreToolUse", bash: 'printf "tk-exit2\\n" >&2; exit 2' },
    ],
  },
  {
    name: "PostToolUse: block, context, exit 2, continue false",
    hooks: [
      { event: "PostToolUse", bash: `jq -n '{decision: "block", reason: "tk-post-block"}'` },
      { event: "PostToolUse", bash: context("PostToolUse", "tk-post-context") },
      { event: "PostToolUse", bash: 'echo "tk-post-exit2" >&2; exit 2' },
      { event: "PostToolUse", bash: `jq -n '{continue: false}'` },
      { event: "PostToolUse", bash: `jq -n '{decision: "block"}'` },
    ],
  },
  {
    name: "Stop blocks twice, then allows; a second Stop hook blocks once",
    hooks: [
      { event: "Stop", bash: `m=$(jq -r .last_assistant_message <<<"$in"); if [ "$m" != "Still done." ]; then jq -n --arg m "$m" --arg a "$(jq -r .stop_hook_active <<<"$in")" '{decision: "block", reason: ("twice: " + $m + " active=" + $a)}'; fi` },
      { event: "Stop", bash: `[ "$(jq -r .stop_hook_active <<<"$in")" = "true" ] || { echo "once" >&2; exit 2; }` },
    ],
  },
  {
    name: "a Stop hook that always blocks: no cap, the script runs out",
    hooks: [{ event: "Stop", bash: `jq -n '{decision: "block", reason: "keep going"}'` }],
  },
  {
    name: "UserPromptSubmit block is silent; its matcher is ignored",
    hooks: [
      { event: "UserPromptSubmit", matcher: "NOPE", bash: context("UserPromptSubmit", "tk-ups-context") },
      { event: "UserPromptSubmit", bash: `jq -n '{decision: "block", reason: "tk-ups-block"}'` },
    ],
  },
  {
    name: "UserPromptSubmit continue false ends the turn like a block",
    hooks: [
      { event: "UserPromptSubmit", bash: context("UserPromptSubmit", "tk-ups-context") },
      { event: "UserPromptSubmit", bash: `jq -n '{continue: false, stopReason: "tk-ups-halt"}'` },
    ],
  },
  {
    name: "Stop continue false beside an exit 2 and a block: nobody blocks",
    hooks: [
      { event: "Stop", bash: 'echo "tk-stop-exit2" >&2; exit 2' },
      { event: "Stop", bash: `jq -n '{continue: false, stopReason: "tk-stop-halt"}'` },
      { event: "Stop", bash: `jq -n '{decision: "block", reason: "tk-stop-block"}'` },
    ],
  },
  {
    name: "UserPromptSubmit context and plain stdout, matcher ignored",
    hooks: [
      { event: "UserPromptSubmit", matcher: "Bash", bash: context("UserPromptSubmit", 'prompt was $(jq -r .prompt <<<"$in")') },
      { event: "UserPromptSubmit", bash: 'echo "tk-plain-stdout"' },
      { event: "Stop", matcher: "NOPE", bash: `[ "$(jq -r .stop_hook_active <<<"$in")" = "true" ] || jq -n '{decision: "block", reason: "stop matcher ignored"}'` },
    ],
  },
  {
    name: "stdout that is not JSON: context on UserPromptSubmit unless it looks like JSON; ignored on the tool events and Stop",
    hooks: [
      { event: "UserPromptSubmit", bash: 'echo "not json { tk-ups"' },
      { event: "UserPromptSubmit", bash: 'echo "{ broken json tk-ups"' },
      { event: "PreToolUse", bash: 'echo "{ broken tk-pre"' },
      { event: "PostToolUse", bash: 'echo "plain tk-post"' },
      { event: "Stop", bash: 'echo "plain tk-stop"' },
    ],
  },
  {
    name: "SessionStart contexts: the matcher is the source (startup), applied",
    hooks: [
      { event: "SessionStart", matcher: "startup", bash: `jq -n --arg s "$(jq -r .source <<<"$in")" '{hookSpecificOutput: {hookEventName: "SessionStart", additionalContext: ("session started: " + $s)}}'` },
      { event: "SessionStart", matcher: "resume", bash: context("SessionStart", "never: not resumed") },
      { event: "UserPromptSubmit", bash: context("UserPromptSubmit", "tk-after-prompt") },
    ],
  },
  {
    name: "matchers: exact name list Bash|Write, a regex, a near miss",
    calls: [["echo ran-a", "echo ran-b"]],
    hooks: [
      { event: "PreToolUse", matcher: "Bash|Write", bash: context("PreToolUse", "list matched") },
      { event: "PreToolUse", matcher: "^Ba.*", bash: `[[ "$(jq -r .tool_input.command <<<"$in")" == *ran-b* ]] && ${deny("regex denies b")}; exit 0` },
      { event: "PreToolUse", matcher: "Bas", bash: deny("exact Bas never matches") },
      { event: "PreToolUse", matcher: "Edit|Write", bash: deny("Edit|Write never matches") },
      { event: "PreToolUse", matcher: "a.h", bash: context("PreToolUse", "unanchored regex matched") },
    ],
  },
  {
    name: "a TypeScript function hook exported as a node script denies, another adds context",
    hooks: [
      { event: "PreToolUse", ts: 'if (String(input.tool_input.command).includes("ran-a")) return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: `ts refuses ${input.tool_input.command}` } };' },
      { event: "PostToolUse", ts: "return;" },
      { event: "Stop", ts: 'if (input.stop_hook_active) return;\nthrow new BlockingError("ts stop: " + input.last_assistant_message);' },
      { event: "PreToolUse", ts: 'return { hookSpecificOutput: { hookEventName: "PreToolUse", additionalContext: `ts context for ${input.tool_name}` } };' },
    ],
  },
  {
    name: "TypeScript hooks: a rewrite with allow, a crash, a PostToolUse block with context, on parallel calls",
    calls: [["echo ran-a", "echo ran-b"]],
    completionOrder: "declared",
    hooks: [
      { event: "PreToolUse", ts: 'throw new Error("hook crashed");' },
      { event: "PreToolUse", ts: 'if (String(input.tool_input.command).endsWith("ran-b")) return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "allow", updatedInput: { command: "echo ts-rewrote-b" } } };', sleep: 0.3 },
      { event: "PostToolUse", ts: 'if (input.tool_response.includes("ts-rewrote")) return { decision: "block", reason: `ts post saw ${input.tool_input.command}`, hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "ts post context" } };' },
    ],
  },
];

describe.skipIf(skip !== null)(`the codex profile against the real Codex 0.169.0 binary (offline, unshare -rn)${skip ? ` (skipped: ${skip})` : ""}`, () => {
  for (const c of FIXED) {
    it(c.name, { timeout: 60_000 }, async () => {
      const pipeline = pipelineOf(c);
      expectSameAsCodex(await differential(binary(), folder(), pipeline));
    });
  }

  it("facts 27-29: the exported hooks run only in a trusted project and with --dangerously-bypass-hook-trust (else silently skipped)", { timeout: 60_000 }, async () => {
    const pipeline = pipelineOf({ name: "trust", hooks: [{ event: "PreToolUse", bash: deny("tk-trusted") }] });
    const files = codexProjectFiles(pipeline);
    const replies = [[{ type: "function_call" as const, callId: "call_a", name: "exec_command", arguments: '{"cmd":"echo ran-a"}' }], [{ type: "message" as const, text: "Done." }]];
    const runs = await Promise.all(
      [{}, { bypassHookTrust: false }, { trustProject: false }].map((flags, i) => runCodex(binary(), { dir: `${folder()}/trust-${i}`, files, prompt: "Run the checks.", replies, ...flags })),
    );
    expect(runs.map((r) => observeCodex(r).outputs.call_a)).toEqual(["Command blocked by PreToolUse hook: tk-trusted. Command: echo ran-a", "ran-a\n", "ran-a\n"]);
    expect(runs[2]?.stderr).toContain("Untrusted project-local configuration is disabled");
  });

  it("known difference: Codex sends each hook's context as its own message BEFORE the call's output; Hookwright one block per event, after it", { timeout: 60_000 }, async () => {
    const pipeline = pipelineOf({
      name: "where contexts sit",
      hooks: [
        { event: "PreToolUse", bash: context("PreToolUse", "pre 1") },
        { event: "PreToolUse", bash: context("PreToolUse", "pre 2") },
        { event: "PostToolUse", bash: context("PostToolUse", "post 1") },
      ],
    });
    const run = await differential(binary(), folder(), pipeline);
    expectSameAsCodex(run);
    expect(codexTranscript(run.real), run.where).toEqual(["prompt", "call call_a: echo ran-a", "context: pre 1", "context: pre 2", "context: post 1", "output call_a: ran-a\n"]);
    expect(hookwrightTranscript(run.events, "Run the checks.")).toEqual(["prompt", "call call_a: echo ran-a", "output call_a: ran-a\n", "context: pre 1\n\npre 2", "context: post 1"]);
  });
});
