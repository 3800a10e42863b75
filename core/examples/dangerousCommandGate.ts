import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

export const dangerousCommandGate: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Dangerous shell command gate",
  description: "Blocks terminal commands that match destructive patterns (before_tool_call); the model receives an error tool_result with the reason.",
  profile: "registry",
  hooks: [
    {
      id: "command-gate",
      point: "before_tool_call",
      name: "dangerous-command-gate",
      enabled: true,
      code: [
        'import type { BeforeToolCallContext, ClaimResult } from "hook-registry";',
        'import { isDangerousCommand } from "../src/dangerous";',
        "",
        "export default async function commandGate(ctx: BeforeToolCallContext): Promise<ClaimResult> {",
        '  if (ctx.toolName !== "terminal") return { handled: false };',
        "  const command = String(ctx.args.command ?? \"\");",
        "  if (!isDangerousCommand(command)) return { handled: false };",
        "  return { handled: true, error: `Blocked: '${command}' matches a dangerous command pattern.` };",
        "}",
        "",
      ].join("\n"),
    },
  ],
  modules: [
    {
      path: "src/dangerous.ts",
      code: [
        "const PATTERNS: RegExp[] = [",
        "  /\\brm\\s+(-[a-zA-Z]*[rR][a-zA-Z]*\\s+)*-?[a-zA-Z]*[fF]?[a-zA-Z]*\\s*\\/(\\s|$)/, // rm -rf /",
        "  /\\brm\\s+-[a-zA-Z]*([rR][a-zA-Z]*[fF]|[fF][a-zA-Z]*[rR])/, // rm -rf anything",
        "  /\\bmkfs(\\.\\w+)?\\b/,",
        "  /\\bdd\\s+.*\\bof=\\/dev\\//,",
        "  /:\\(\\)\\s*\\{\\s*:\\s*\\|\\s*:\\s*&\\s*\\}\\s*;\\s*:/, // fork bomb",
        "  /\\bchmod\\s+-R\\s+777\\s+\\//,",
        "];",
        "",
        "/** Whether a shell command matches a known destructive pattern. */",
        "export function isDangerousCommand(command: string): boolean {",
        "  return PATTERNS.some((pattern) => pattern.test(command));",
        "}",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "cleanup request",
      description: "The model first tries rm -rf, is blocked, then lists the folder instead.",
      prompt: "Clean up the build folder.",
      system: "You are a careful DevOps assistant.",
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "text", text: "I'll remove it." }, { type: "tool_use", id: "toolu_rm", name: "terminal", input: { command: "rm -rf ./build" } }], stopReason: "tool_use" },
          { content: [{ type: "tool_use", id: "toolu_ls", name: "terminal", input: { command: "ls ./build" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "Deleting was blocked. The build folder holds app.js and app.js.map; remove them by hand if you are sure." }], stopReason: "end_turn" },
        ],
      },
      tools: [{ name: "terminal", description: "Runs a shell command.", inputSchema: { type: "object", properties: { command: { type: "string" } } }, results: ["app.js\napp.js.map"] }],
      expectations: [
        { kind: "hookDecision", hookId: "command-gate", decision: "block", occurrence: 1, label: "rm -rf is blocked" },
        { kind: "toolCall", name: "terminal", ran: false, input: { command: "rm -rf ./build" } },
        { kind: "toolCall", name: "terminal", input: { command: "ls ./build" }, label: "a harmless command still runs" },
        { kind: "exitReason", equals: "no_tool_calls" },
      ],
    },
  ],
};
