import { describe, it } from "vitest";
import { codexAvailability, scratchFolder } from "./testing/codexBinary";
import { differential, pipelineOf, type CodexCase, type CodexEvent, type HookSpec } from "./testing/codexDifferential";
import { expectSameAsCodex } from "./testing/codexKnownDifferences";
import { createRandom } from "~/core/engine/testing/random";

/*
 * Generated hook sets on the `codex` profile (a seeded pick of events, matchers and behaviours,
 * several hooks per event), run by Hookwright and by the REAL Codex 0.169.0 binary from the
 * exported `.codex/hooks.json` (offline, unshare -rn): the model must get the same outputs and
 * hook texts, the same commands must run, with as many model requests and the same end.
 * Rewriting hooks sleep 0, 0.4, 0.8 s in config order, so the binary completes them in the order
 * Hookwright's scenario declares.
 */

const available = await codexAvailability();
const skip = available.ok ? null : available.reason;
if (skip !== null) console.warn(`codexBinary.combined.test.ts skipped: ${skip}`);
const binary = () => (available.ok ? available.codex : "");
const folder = scratchFolder("codex-combined", available.ok);

const jq = (filter: string) => `jq -n --arg cmd "$(jq -r '.tool_input.command // ""' <<<"$in")" '${filter}'`;
const pre = (fields: string) => jq(`{hookSpecificOutput: ({hookEventName: "PreToolUse"} + ${fields})}`);

/** What one hook does, per event, as a bash script body (`$in` is its stdin); `rewrite` marks hooks whose completion order matters. */
const BEHAVIOURS: Record<CodexEvent, Record<string, (n: number) => string>> = {
  PreToolUse: {
    deny: (n) => pre(`{permissionDecision: "deny", permissionDecisionReason: ("deny ${n} " + $cmd)}`),
    denyNoReason: () => pre('{permissionDecision: "deny"}'),
    denyWithContext: (n) => pre(`{permissionDecision: "deny", permissionDecisionReason: "deny ${n}", additionalContext: "deny context ${n}"}`),
    denyOnlyB: (n) => `[[ "$in" == *ran-b* ]] && ${pre(`{permissionDecision: "deny", permissionDecisionReason: "b denied by ${n}"}`)}; exit 0`,
    context: (n) => pre(`{additionalContext: ("pre ${n} saw " + $cmd)}`),
    rewrite: (n) => pre(`{permissionDecision: "allow", updatedInput: {command: ($cmd + "-rw${n}")}}`),
    rewriteWithoutAllow: (n) => pre(`{updatedInput: {command: "echo ignored-${n}"}}`),
    exit2: (n) => `echo "exit ${n}" >&2; exit 2`,
    exit2Empty: () => "exit 2",
    legacyBlock: (n) => `jq -n '{decision: "block", reason: "legacy ${n}"}'`,
    ask: (n) => pre(`{permissionDecision: "ask", permissionDecisionReason: "ask ${n}"}`),
    halt: (n) => `jq -n '{continue: false, stopReason: "halt ${n}"}'`,
    plain: (n) => `echo "plain ${n}"`,
    crash: () => 'echo "crashed" >&2; exit 1',
    nothing: () => "exit 0",
  },
  PostToolUse: {
    block: (n) => `jq -n '{decision: "block", reason: "post block ${n}"}'`,
    blockNoReason: () => `jq -n '{decision: "block"}'`,
    blockWithContext: (n) => `jq -n '{decision: "block", reason: "post block ${n}", hookSpecificOutput: {hookEventName: "PostToolUse", additionalContext: "post context ${n}"}}'`,
    context: (n) => `jq -n --arg out "$(jq -r .tool_response <<<"$in")" '{hookSpecificOutput: {hookEventName: "PostToolUse", additionalContext: ("post ${n} saw " + $out)}}'`,
    exit2: (n) => `printf "post exit ${n}\\n" >&2; exit 2`,
    exit2Empty: () => "exit 2",
    halt: (n) => `jq -n '{continue: false, stopReason: "post halt ${n}"}'`,
    haltNoReason: () => `jq -n '{continue: false}'`,
    plain: (n) => `echo "plain ${n}"`,
    crash: () => "exit 1",
    nothing: () => "exit 0",
  },
  Stop: {
    blockOnce: (n) => `[ "$(jq -r .stop_hook_active <<<"$in")" = "true" ] || jq -n '{decision: "block", reason: "stop ${n}"}'`,
    blockTwice: (n) => `m=$(jq -r .last_assistant_message <<<"$in"); [ "$m" = "Done." ] || [ "$m" = "Done again." ] && jq -n --arg m "$m" '{decision: "block", reason: ("twice ${n} after " + $m)}'; exit 0`,
    exit2Once: (n) => `[ "$(jq -r .stop_hook_active <<<"$in")" = "true" ] || { echo "stop exit ${n}" >&2; exit 2; }`,
    exit2Empty: () => "exit 2",
    halt: (n) => `jq -n '{continue: false, stopReason: "stop halt ${n}"}'`,
    crash: () => "exit 1",
    plain: (n) => `echo "plain stop ${n}"`,
    nothing: () => "exit 0",
  },
  UserPromptSubmit: {
    context: (n) => `jq -n --arg p "$(jq -r .prompt <<<"$in")" '{hookSpecificOutput: {hookEventName: "UserPromptSubmit", additionalContext: ("prompt ${n}: " + $p)}}'`,
    plain: (n) => `echo "plain prompt note ${n}"`,
    brokenJson: (n) => `echo "{ broken ${n}"`,
    crash: () => "exit 1",
    nothing: () => "exit 0",
    exit2Empty: () => "exit 2",
  },
  SessionStart: {
    context: (n) => `jq -n --arg s "$(jq -r .source <<<"$in")" '{hookSpecificOutput: {hookEventName: "SessionStart", additionalContext: ("session ${n}: " + $s)}}'`,
    nothing: () => "exit 0",
  },
};

const TOOL_MATCHERS = ["Bash", "Bash|Write", "^Ba", "a.h", "Edit|Write", "*", "", "Bas", null];

function generated(count: number, seed: number): CodexCase[] {
  const random = createRandom(seed).next;
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const events: CodexEvent[] = ["PreToolUse", "PostToolUse", "Stop", "UserPromptSubmit", "SessionStart"];
  return Array.from({ length: count }, (_, i) => {
    // Two or three events, the first always a tool event so every set has calls to decide on.
    const chosen = [pick(["PreToolUse", "PostToolUse"] as const), ...events.filter(() => random() < 0.35)];
    const hooks: HookSpec[] = [];
    const labels: string[] = [];
    let rewriters = 0;
    for (const event of [...new Set(chosen)]) {
      const size = 1 + Math.floor(random() * 3);
      for (let k = 0; k < size; k++) {
        const name = pick(Object.keys(BEHAVIOURS[event]));
        const n = hooks.length + 1;
        const matcher = event === "PreToolUse" || event === "PostToolUse" ? pick(TOOL_MATCHERS) : event === "SessionStart" ? pick(["startup", "resume", null]) : pick(["NOPE", null]);
        const sleep = name === "rewrite" ? 0.4 * rewriters++ : 0;
        hooks.push({ event, matcher, bash: (BEHAVIOURS[event][name] as (n: number) => string)(n), ...(sleep ? { sleep } : {}) });
        labels.push(`${event}${matcher === null ? "" : `[${matcher}]`} ${name}`);
      }
    }
    const calls = random() < 0.5 ? [["echo ran-a", "echo ran-b"]] : [["echo ran-a"], ["echo ran-b"]];
    return { name: `generated ${i + 1}: ${labels.join(" + ")}`, hooks, calls, completionOrder: "declared" };
  });
}

export const GENERATED = generated(8, 28);

describe.skipIf(skip !== null)(`generated codex hook sets: Hookwright and the real Codex 0.169.0 binary agree${skip ? ` (skipped: ${skip})` : ""}`, () => {
  for (const c of GENERATED) {
    it(c.name, { timeout: 60_000 }, async () => {
      const pipeline = pipelineOf(c);
      expectSameAsCodex(await differential(binary(), folder(), pipeline));
    });
  }
});
