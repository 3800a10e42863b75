import type { ScenarioInput } from "../scenarioTypes";

const earlierQuestion =
  "Our CI started failing after the dependency upgrade last week. The log says the type check passes but the build step exits with code 1 and nothing else. We use Next.js with a custom build script and a couple of code generators that run before the build. Where would you start looking?";
const earlierAnswer =
  "Start with what the build step actually runs: the scripts in package.json, then each generator it calls, one at a time, with verbose output. An exit code without a message usually means a script swallowed an error, so look for a `|| exit 1` or a try/catch that only sets the exit code. Compare the lock file before and after the upgrade for the generators' own dependencies too.";

/**
 * The scenario every new Vellum pipeline starts with: it crosses each of the eight hook points at
 * least once. A long earlier exchange makes the loop compact the history (post-compact), the first
 * reply reads a file (post-model-call with a tool call, then post-tool-use), the second is the
 * final answer; init, user-prompt-submit, pre-model-call, stop and shutdown fire on the way.
 */
export const vellumDefaultScenario: ScenarioInput = {
  name: "default",
  description: "Reads package.json with a tool, then answers. The long earlier exchange is compacted first, so every hook point fires.",
  system: "You are a careful coding assistant. Answer in plain words.",
  history: [
    { role: "user", content: [{ type: "text", text: earlierQuestion }] },
    { role: "assistant", content: [{ type: "text", text: earlierAnswer }] },
  ],
  prompt: "What does our build script do?",
  model: {
    kind: "scripted",
    responses: [
      {
        content: [
          { type: "text", text: "Let me read the scripts." },
          { type: "tool_use", id: "toolu_read_1", name: "read_file", input: { path: "package.json" } },
        ],
        stopReason: "tool_use",
      },
      { content: [{ type: "text", text: "`npm run build` runs the code generators (`gen:routes`, `gen:types`) and then `next build`." }], stopReason: "end_turn" },
    ],
  },
  tools: [
    {
      name: "read_file",
      description: "Reads a file of the workspace.",
      inputSchema: { type: "object", properties: { path: { type: "string", description: "Path relative to the workspace root." } }, required: ["path"] },
      results: ['{ "scripts": { "build": "npm run gen:routes && npm run gen:types && next build" } }'],
    },
  ],
  limits: { maxModelCalls: 25, maxToolCalls: 100, compactAtChars: 600 },
  expectations: [{ kind: "exitReason", equals: "no_tool_calls" }, { kind: "noHookFailed" }],
};
