import { describe, expect, it } from "vitest";
import { typeErrors } from "../testing/typeCheck";
import { claudeCodeProfile } from "./index";

const hook = (body: string) => ({
  "/hooks/h.ts": [
    'import type { HookJSONOutput, PreToolUseHookInput, PreToolUseHookSpecificOutput } from "@anthropic-ai/claude-agent-sdk";',
    "export default async (input: PreToolUseHookInput): Promise<HookJSONOutput<PreToolUseHookSpecificOutput> | void> => {",
    body,
    "};",
  ].join("\n"),
});

describe("claude-code editor types (generated from the profile)", () => {
  it("every point's template type-checks", () => {
    for (const point of claudeCodeProfile.points) expect(typeErrors(claudeCodeProfile, { [`/hooks/${point.id}.ts`]: point.template }), point.id).toEqual([]);
  });

  it("a correct PreToolUse deny type-checks", () => {
    expect(typeErrors(claudeCodeProfile, hook('return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } };'))).toEqual([]);
  });

  it("a wrong hookEventName, an unknown permissionDecision or legacy decision, and a misread input field are type errors", () => {
    expect(typeErrors(claudeCodeProfile, hook('return { hookSpecificOutput: { hookEventName: "PostToolUse", permissionDecision: "deny" } };'))).not.toEqual([]);
    expect(typeErrors(claudeCodeProfile, hook('return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "maybe" } };'))).not.toEqual([]);
    expect(typeErrors(claudeCodeProfile, hook('return { decision: "deny" };'))).not.toEqual([]);
    expect(typeErrors(claudeCodeProfile, hook('const s: number = input.tool_name; return;'))).not.toEqual([]);
  });
});
