import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

/** Claude Code: a PostToolUse hook after Write|Edit that "formats" the file and tells Claude so (additionalContext). */
export const claudeFormatterContext: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Claude Code formatter context",
  description:
    "Claude Code: a PostToolUse hook with matcher Edit|Write reports that the written file was formatted, through additionalContext; the model reads \"PostToolUse:Write hook additional context: …\" after the tool result. Read calls do not match.",
  profile: "claude-code",
  hooks: [
    {
      id: "formatter",
      point: "PostToolUse",
      name: "format-after-write",
      enabled: true,
      matcher: "Edit|Write",
      code: [
        'import type { HookJSONOutput, PostToolUseHookInput, PostToolUseHookSpecificOutput } from "@anthropic-ai/claude-agent-sdk";',
        "",
        "export default async (input: PostToolUseHookInput): Promise<HookJSONOutput<PostToolUseHookSpecificOutput> | void> => {",
        '  const file = (input.tool_input as { file_path?: string }).file_path ?? "";',
        '  if (!/\\.(ts|js|json)$/.test(file)) return;',
        "  return {",
        "    hookSpecificOutput: {",
        '      hookEventName: "PostToolUse",',
        "      additionalContext: `${file} was reformatted with prettier (2-space indent, double quotes). Re-read it before editing it again.`,",
        "    },",
        "  };",
        "};",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "write then read",
      description: "The model writes src/add.ts (the hook adds context), reads it (no match), then answers.",
      system: "You are Claude Code.",
      prompt: "Add an add() function in src/add.ts.",
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "toolu_write", name: "Write", input: { file_path: "src/add.ts", content: "export const add=(a:number,b:number)=>a+b" } }], stopReason: "tool_use" },
          { content: [{ type: "tool_use", id: "toolu_read", name: "Read", input: { file_path: "src/add.ts" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "src/add.ts now exports add()." }], stopReason: "end_turn" },
        ],
      },
      tools: [
        { name: "Write", description: "Writes a file.", inputSchema: { type: "object" }, results: ["File created successfully at: src/add.ts"] },
        { name: "Read", description: "Reads a file.", inputSchema: { type: "object" }, results: ['export const add = (a: number, b: number) => a + b;'] },
      ],
      expectations: [
        { kind: "hookFired", hookId: "formatter", label: "the formatter runs after Write" },
        { kind: "toolCall", name: "Write", ran: true },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
      ],
    },
  ],
};
