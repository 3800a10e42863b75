import { PIPELINE_FORMAT, type PipelineInput } from "../pipeline/schema";

/**
 * Claude Code mods: a `tool.call` mod denies `rm -rf` before anything runs, and a
 * `classic.PreToolUse` mod (inside tool.call's next) rewrites a command that would print a token.
 * Run against the real engine by server/bundles/claudeCodeMods.turn.test.ts.
 */
export const claudeModsGuard: PipelineInput = {
  format: PIPELINE_FORMAT,
  name: "Shell guard (mods)",
  description:
    "Claude Code mods: a tool.call mod (filter { tool: \"Bash\", command: /rm\\s+-rf/ }) denies rm -rf without next, so nothing beneath it runs and the model reads <tool_use_error>reason</tool_use_error>; a classic.PreToolUse mod, inside tool.call's next(e), passes on and answers with updatedInput, so $GITHUB_TOKEN never reaches the shell.",
  profile: "claude-code-mods",
  hooks: [
    {
      id: "no-rm-rf",
      point: "tool.call",
      name: "no-rm-rf",
      enabled: true,
      matcher: "{ tool: \"Bash\", command: /rm\\s+-rf/ }",
      code: [
        'import type { Dollar, Next, ToolCallAnswer, ToolCallEvent, ToolCallResult } from "claude-code";',
        "",
        "// Answers without next(e): neither the classic hooks nor the command run.",
        "export default async function noRmRf($: Dollar, e: ToolCallEvent, next: Next<ToolCallEvent, ToolCallResult>): Promise<ToolCallAnswer> {",
        '  $.ui.log(`denied: ${e.command}`);',
        '  return { deny: "rm -rf is not allowed here: delete the files you mean one by one" };',
        "}",
        "",
      ].join("\n"),
    },
    {
      id: "hide-token",
      point: "classic.PreToolUse",
      name: "hide-token",
      enabled: true,
      matcher: "{ tool: \"Bash\", command: /GITHUB_TOKEN/ }",
      code: [
        'import type { ClassicPreToolUseAnswer, ClassicPreToolUseEvent, Dollar, Next } from "claude-code";',
        "",
        "// Runs the settings hooks beneath (next), then has the command run without the token.",
        "export default async function hideToken($: Dollar, e: ClassicPreToolUseEvent, next: Next<ClassicPreToolUseEvent, ClassicPreToolUseAnswer>): Promise<ClassicPreToolUseAnswer> {",
        '  const command = (e.command ?? "").replace(/\\$\\{?GITHUB_TOKEN\\}?/g, "[redacted]");',
        "  return { ...(await next(e)), updatedInput: { command } };",
        "}",
        "",
      ].join("\n"),
    },
  ],
  scenarios: [
    {
      name: "rm -rf and a token",
      description: "The model cleans the build folder with rm -rf (denied by no-rm-rf), then echoes the token (rewritten by hide-token), then answers.",
      system: "You are Claude Code, Anthropic's official CLI for Claude.",
      prompt: "Clean the build folder and check the token.",
      model: {
        kind: "scripted",
        responses: [
          { content: [{ type: "tool_use", id: "toolu_rm", name: "Bash", input: { command: "rm -rf build", description: "Remove build" } }], stopReason: "tool_use" },
          { content: [{ type: "tool_use", id: "toolu_echo", name: "Bash", input: { command: "echo \"token is $GITHUB_TOKEN\"", description: "Show token" } }], stopReason: "tool_use" },
          { content: [{ type: "text", text: "done" }], stopReason: "end_turn" },
        ],
      },
      tools: [
        {
          name: "Bash",
          description: "Executes a bash command.",
          inputSchema: { type: "object", properties: { command: { type: "string" }, description: { type: "string" } }, required: ["command"] },
          results: ["token is [redacted]"],
        },
      ],
      expectations: [
        { kind: "toolCall", name: "Bash", ran: false, input: { command: "rm -rf build", description: "Remove build" }, label: "rm -rf does not run" },
        { kind: "toolCall", name: "Bash", ran: true, input: { command: "echo \"token is [redacted]\"" }, label: "the command runs without the token" },
        { kind: "exitReason", equals: "no_tool_calls" },
        { kind: "noHookFailed" },
      ],
    },
  ],
};
