import { beforeAll, describe, expect, it } from "vitest";
import { examplePipelines } from "~/core/examples";
import { parsePipeline } from "~/core/pipeline/parsePipeline";
import type { Pipeline, PipelineInput } from "~/core/pipeline/schema";
import { claudeCodeProfile } from "~/core/profiles";
import { exportPlugin } from "./service";
import { CLAUDE_SDK, ensureClaudePackage } from "./testing/claudePackages";
import { typeCheckSdkModules } from "./testing/claudeSdkTypecheck";

/*
 * The Agent SDK target, type-checked against the REAL @anthropic-ai/claude-agent-sdk@0.3.330
 * sdk.d.ts: every claude-code example, every event's template, and hooks the SDK's types must
 * reject (negative controls), so the check cannot pass vacuously.
 */

let sdk = "";
beforeAll(async () => {
  sdk = await ensureClaudePackage(CLAUDE_SDK);
}, 180_000);

function parsed(input: unknown): Pipeline {
  const result = parsePipeline(input);
  if (!result.ok) throw new Error(JSON.stringify(result.issues));
  return result.value;
}

const templates: PipelineInput = {
  format: "hookwright.pipeline/v1",
  name: "Every template",
  profile: "claude-code",
  hooks: claudeCodeProfile.points.map((p) => ({ id: p.id, point: p.id, name: `${p.id} template`, code: p.template, matcher: p.hasMatcher ? "*" : null, timeoutMs: 30_000, onFailure: "block" as const })),
};

const oneHook = (code: string): PipelineInput => ({ format: "hookwright.pipeline/v1", name: "control", profile: "claude-code", hooks: [{ id: "h", point: "PreToolUse", name: "h", matcher: "Bash", code }] });

describe("the Agent SDK hooks module, type-checked against the real SDK types", () => {
  it("the module of every claude-code example and of every event's template type-checks", () => {
    const pipelines = [...examplePipelines.filter((p) => p.profile === "claude-code"), templates].map(parsed);
    const bundles = pipelines.map((p, i) => ({ name: `p${i}`, files: exportPlugin(p, "claude-code-sdk").files }));
    expect(typeCheckSdkModules(bundles, sdk).diagnostics).toEqual([]);
  });

  it("the module maps events to matcher entries with the SDK's option names", () => {
    const { files } = exportPlugin(parsed(templates), "claude-code-sdk");
    const code = files.find((f) => f.path === "claude-hooks.ts")?.content ?? "";
    expect(code).toContain('  PreToolUse: [\n    { matcher: "*", hooks: [callback("PreToolUse", hook3)], timeout: 30, onFailure: "block" }, // PreToolUse template\n  ],');
    expect(code).toContain('  Stop: [\n    { hooks: [callback("Stop", hook');
    expect(files.map((f) => f.path)).toContain("hookwright-types.ts");
  });

  it("negative controls: an output the SDK rejects, an input the SDK does not give, are reported in claude-hooks.ts", () => {
    // Typed without Hookwright's types, so only the real SDK can object.
    const badOutput = oneHook('export default async (input: { tool_name: string }) => ({ hookSpecificOutput: { hookEventName: "PreToolUse" as const, permissionDecision: "maybe" as const } });\n');
    const badInput = oneHook("export default async (input: { tool_name: number }) => ({});\n");
    const { diagnostics } = typeCheckSdkModules(
      [
        { name: "out", files: exportPlugin(parsed(badOutput), "claude-code-sdk").files },
        { name: "in", files: exportPlugin(parsed(badInput), "claude-code-sdk").files },
      ],
      sdk,
    );
    expect(diagnostics.some((d) => d.startsWith("out/claude-hooks.ts(") && d.includes('"maybe"'))).toBe(true);
    expect(diagnostics.some((d) => d.startsWith("in/claude-hooks.ts(") && d.includes("tool_name"))).toBe(true);
    expect(diagnostics.every((d) => d.includes("/claude-hooks.ts("))).toBe(true);
  });

  it("hooks written without types (plain JS style) export to a module that type-checks; a value the SDK does not know is still an error", () => {
    const untyped: PipelineInput = {
      format: "hookwright.pipeline/v1",
      name: "untyped",
      profile: "claude-code",
      hooks: [
        { id: "a", point: "PreToolUse", name: "gate", matcher: "Bash", code: 'export default async (input) => {\n  if (String(input.tool_input.command).includes("rm -rf")) return { hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "deny", permissionDecisionReason: "no" } };\n};\n' },
        { id: "b", point: "PostToolUse", name: "note", matcher: "Bash", code: 'export default async function note(input) {\n  return { decision: "block", reason: "look at " + input.tool_name, hookSpecificOutput: { hookEventName: "PostToolUse", additionalContext: "x" } };\n}\n' },
        { id: "c", point: "Stop", name: "stop", code: 'export default (input) => (input.stop_hook_active ? undefined : { decision: "block", reason: "tests first" });\n' },
      ],
    };
    const { files } = exportPlugin(parsed(untyped), "claude-code-sdk");
    expect(files.find((f) => f.path === "hooks/gate.ts")?.content).toContain("export default async (input: any): Promise<HookwrightOutput | void> => {");
    expect(typeCheckSdkModules([{ name: "untyped", files }], sdk).diagnostics).toEqual([]);
    const wrong = oneHook('export default async (input) => ({ hookSpecificOutput: { hookEventName: "PreToolUse", permissionDecision: "maybe" } });\n');
    const { diagnostics } = typeCheckSdkModules([{ name: "wrong", files: exportPlugin(parsed(wrong), "claude-code-sdk").files }], sdk);
    expect(diagnostics.some((d) => d.startsWith("wrong/hooks/h.ts(") && d.includes('"maybe"'))).toBe(true);
  });
});
