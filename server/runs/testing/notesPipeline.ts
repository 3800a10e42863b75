import type { PipelineInput } from "~/core/pipeline/schema";

/*
 * A turn whose tool handler writes files that a later hook reads: what re-runs and saved scenarios
 * must bring back with a tool's recorded results (the handler's file changes, clock and random reads).
 */

/** The post-tool-use hook: logs the notes the tool left (and the shared clock and generator), then writes a file of its own. */
export const notesReaderCode = (label: string) =>
  [
    'import fs from "node:fs";',
    "",
    "export default async function (ctx: any) {",
    '  const notes = fs.existsSync("/workspace/notes.txt") ? fs.readFileSync("/workspace/notes.txt", "utf8") : "(no notes)";',
    // The clock and generator are shared by the run: the handler's reads move them for this hook.
    `  process.stderr.write(\`${label} \${notes.trim().split("\\n").join(", ")} (at \${Date.now()}, r=\${Math.random().toFixed(4)})\\n\`);`,
    '  fs.appendFileSync("data/seen.log", notes);',
    "}",
  ].join("\n");

/**
 * "Notes reader": the model looks up cats, then dogs; the `lookup` handler appends to
 * /workspace/notes.txt, renames /workspace/old.txt once and logs the clock (and, with
 * `handlerDrawsRandom`, a random value).
 */
export function notesPipeline({ handlerDrawsRandom }: { handlerDrawsRandom: boolean }): PipelineInput {
  const logLine = handlerDrawsRandom ? "  console.log(`noted ${input.q} at ${Date.now()}, r=${Math.random().toFixed(4)}`);" : "  console.log(`noted ${input.q} at ${Date.now()}`);";
  return {
    format: "hookwright.pipeline/v1",
    name: "Notes reader",
    profile: "vellum",
    hooks: [{ id: "reader", point: "post-tool-use", name: "reader", enabled: true, code: notesReaderCode("read:") }],
    scenarios: [
      {
        name: "two lookups",
        prompt: "Look it up twice.",
        files: [{ path: "/workspace/old.txt", content: "old\n" }],
        model: {
          kind: "scripted",
          responses: [
            { content: [{ type: "tool_use", id: "toolu_1", name: "lookup", input: { q: "cats" } }], stopReason: "tool_use" },
            { content: [{ type: "tool_use", id: "toolu_2", name: "lookup", input: { q: "dogs" } }], stopReason: "tool_use" },
            { content: [{ type: "text", text: "Done." }], stopReason: "end_turn" },
          ],
        },
        tools: [
          {
            name: "lookup",
            handler: [
              'import fs from "node:fs";',
              "",
              "export default function (input: { q: string }) {",
              '  fs.appendFileSync("/workspace/notes.txt", `found ${input.q}\\n`);',
              '  if (fs.existsSync("/workspace/old.txt")) fs.renameSync("/workspace/old.txt", "/workspace/archive.txt");',
              logLine,
              "  return `${input.q}: 3 hits`;",
              "}",
            ].join("\n"),
          },
        ],
      },
    ],
  };
}
