import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { toolResultSchema } from "~/core/pipeline/toolResultSchema";
import { ToolResultEditor } from "./ToolResultEditor";
import { editToolResult, effectsSummary, withoutEffects, type ToolResult } from "./toolResultEffects";

/** A result as "Save as scenario" records it from a handler that appended to one file and renamed another. */
const recorded: ToolResult = {
  content: "cats: 3 hits",
  isError: false,
  logs: [{ level: "log", message: "noted cats at 1767225600000" }],
  files: [
    { op: "append", path: "/workspace/notes.txt", before: null, after: "found cats\n", encoding: "utf8" },
    { op: "rename", path: "/workspace/old.txt", to: "/workspace/archive.txt", before: null, after: "old\n", encoding: "utf8" },
  ],
  clock: [1767225600000],
};

describe("editing a tool result in the scenario form", () => {
  it("keeps the recorded effects when the text or the error flag changes", () => {
    const { content: _c, isError: _e, ...effects } = recorded as Extract<ToolResult, object>;
    expect(editToolResult(recorded, { content: "cats: 4 hits", isError: false })).toEqual({ content: "cats: 4 hits", isError: false, ...effects });
    expect(editToolResult(recorded, { content: "cats: 3 hits", isError: true })).toEqual({ content: "cats: 3 hits", isError: true, ...effects });
    // Still a valid scenario result, effects and all.
    expect(toolResultSchema.parse(editToolResult(recorded, { content: "x", isError: false }))).toEqual({ content: "x", isError: false, ...effects });
  });

  it("stores a result without effects as before: its text, or { content, isError: true }", () => {
    expect(editToolResult("ok", { content: "ok!", isError: false })).toBe("ok!");
    expect(editToolResult("ok", { content: "ok", isError: true })).toEqual({ content: "ok", isError: true });
    expect(editToolResult({ content: "no", isError: true }, { content: "no", isError: false })).toBe("no");
  });

  it("removes the effects on request, keeping the text and error flag", () => {
    expect(withoutEffects(recorded)).toBe("cats: 3 hits");
    expect(withoutEffects({ ...(recorded as Extract<ToolResult, object>), isError: true })).toEqual({ content: "cats: 3 hits", isError: true });
    expect(withoutEffects("plain")).toBe("plain");
  });

  it("sums the effects up: file changes listed, the rest counted", () => {
    expect(effectsSummary(recorded)).toEqual({
      files: [
        { op: "append", path: "/workspace/notes.txt" },
        { op: "rename", path: "/workspace/old.txt", to: "/workspace/archive.txt" },
      ],
      text: "2 file changes, 1 log line, 1 clock read",
    });
    expect(effectsSummary({ content: "x", isError: false, random: [0.1, 0.2], requests: [{ method: "GET", url: "https://x.test/" }] }).text).toBe("1 HTTP request (recorded, not sent again), 2 random draws");
    expect(effectsSummary("x")).toEqual({ files: [], text: "" });
  });

  it("shows the file changes read-only under the result, with a button to remove them", () => {
    const html = renderToStaticMarkup(<ToolResultEditor value={recorded} index={0} owner="Tool lookup" onlyOne onChange={() => {}} onRemove={() => {}} />);
    const text = html.replace(/<[^>]+>/g, "").replace(/&#x27;|&apos;/g, "'").replace(/&gt;/g, ">");
    expect(text).toContain("Recorded from the tool's handler, replayed when this result is returned: 2 file changes, 1 log line, 1 clock read.");
    expect(text).toContain("append /workspace/notes.txt");
    expect(text).toContain("rename /workspace/old.txt → /workspace/archive.txt");
    expect(html).toContain('aria-label="Remove the recorded effects of result 1 of Tool lookup"');
    // The paths are shown, not editable: the only field is the result's text.
    expect(html.match(/<textarea/g)).toHaveLength(1);
    expect(html.match(/<input/g)).toHaveLength(1);
    const plain = renderToStaticMarkup(<ToolResultEditor value="ok" index={1} owner="Tool lookup" onlyOne={false} onChange={() => {}} onRemove={() => {}} />);
    expect(plain).not.toContain("Recorded from the tool");
    expect(plain).not.toContain("Remove the recorded effects");
  });
});
