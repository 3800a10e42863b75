import { describe, expect, it } from "vitest";
import type { TraceEvent } from "../../core/trace/events";
import { createSummaryPrinter } from "./summary";

describe("the run summary", () => {
  it("names the process.env variables a hook and a tool handler read, never their values", () => {
    const lines: string[] = [];
    const print = createSummaryPrinter((line) => lines.push(line));
    const events: TraceEvent[] = [
      { seq: 1, type: "hook.start", hookId: "h1", point: "pre-tool-use", name: "gate" },
      {
        seq: 2,
        type: "hook.end",
        hookId: "h1",
        point: "pre-tool-use",
        patch: [],
        error: null,
        durationMs: 2,
        logs: [],
        status: "unchanged",
        env: [
          { name: "API_BASE", declared: true },
          { name: "DEBUG", declared: false },
          { name: "API_TOKEN", declared: true, secret: true },
          { name: "*", declared: true },
        ],
      },
      { seq: 3, type: "tool.result", toolUseId: "toolu_1", content: "ok", isError: false, env: [{ name: "REGION", declared: false }] },
    ];
    events.forEach(print);
    expect(lines).toEqual([
      "    - gate  unchanged  2 ms",
      "       read env API_BASE, DEBUG (not declared), API_TOKEN (secret), every name (listed)",
      '  <- tool result: "ok"',
      "       read env REGION (not declared)",
    ]);
  });
});
