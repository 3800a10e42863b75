import { describe, expect, it } from "vitest";
import { createSessionUploads, type TargetPipeline } from "./importStream";

const pipeline = (): TargetPipeline => ({ profile: "claude-code", uniqueName: (base) => base });
const line = (uuid: string, parentUuid: string | null, type: "user" | "assistant", content: unknown) =>
  JSON.stringify({ uuid, parentUuid, type, sessionId: "s", isSidechain: false, message: type === "user" ? { role: "user", content } : { id: uuid, role: "assistant", content, stop_reason: "end_turn" } });
const file = `${line("u", null, "user", "Hi")}\n${line("a", "u", "assistant", [{ type: "text", text: "Hello" }])}\n`;

function part(header: object, body: string): ReadableStream<Uint8Array> {
  return new Blob([`${JSON.stringify(header)}\n`, body]).stream();
}
const options = { pipelineId: "p", fileName: "s.jsonl" };

describe("createSessionUploads", () => {
  it("drops an upload left idle, and says so to its next part", async () => {
    let now = 0;
    const uploads = createSessionUploads({ now: () => now, limits: { idleMs: 1000 } });
    expect(await uploads.receive(part({ uploadId: "idle0001", part: 0, last: false, options }, file.slice(0, 10)), pipeline)).toEqual({ ok: true, done: false, received: 10 });
    expect(uploads.open()).toBe(1);
    now = 1001;
    expect(await uploads.receive(part({ uploadId: "idle0001", part: 1, last: true }, file.slice(10)), pipeline)).toMatchObject({ ok: false, code: "BAD_PART" });
    expect(uploads.open()).toBe(0);
  });

  it("refuses a file over its limit, pointing at the CLI, and forgets the upload", async () => {
    const uploads = createSessionUploads({ limits: { fileBytes: 100 } });
    expect(await uploads.receive(part({ uploadId: "big00001", part: 0, last: false, options }, "x".repeat(60)), pipeline)).toMatchObject({ ok: true, done: false });
    expect(await uploads.receive(part({ uploadId: "big00001", part: 1, last: true }, "x".repeat(60)), pipeline)).toEqual({
      ok: false,
      code: "TOO_LARGE",
      message: "the session file is more than 100 bytes: import it with the CLI, which streams any size: hookwright import-session FILE.jsonl --pipeline P.json",
    });
    expect(uploads.open()).toBe(0);
  });

  it("gives the other sessions of a joined recording as scenarios of their own, unless a branch is asked for", async () => {
    const rec = (session: string, point: string, input: Record<string, unknown>) => JSON.stringify({ hookwright_recording: 1, host: "claude-code", point, at: "2026-11-27T10:00:00.000Z", session, input: { session_id: session, hook_event_name: point, ...input } });
    const joined = [rec("a", "UserPromptSubmit", { prompt: "One" }), rec("b", "UserPromptSubmit", { prompt: "Two" }), rec("c", "UserPromptSubmit", { prompt: "Three" })].join("\n");
    const uploads = createSessionUploads();
    const all = await uploads.receive(part({ uploadId: "joined01", part: 0, last: true, options: { ...options, fileName: "rec.jsonl" } }, joined), pipeline);
    expect(all.ok && all.done && [all.scenario, ...all.others].map((s) => [s.name, s.prompt])).toEqual([
      ["rec", "Three"],
      ["rec (a)", "One"],
      ["rec (b)", "Two"],
    ]);
    const one = await uploads.receive(part({ uploadId: "joined02", part: 0, last: true, options: { ...options, fileName: "rec.jsonl", branch: "a" } }, joined), pipeline);
    expect(one.ok && one.done && [one.scenario.prompt, one.others.length]).toEqual(["One", 0]);
  });

  it("holds at most `open` uploads at once", async () => {
    const uploads = createSessionUploads({ limits: { open: 1 } });
    await uploads.receive(part({ uploadId: "first001", part: 0, last: false, options }, ""), pipeline);
    expect(await uploads.receive(part({ uploadId: "second01", part: 0, last: false, options }, ""), pipeline)).toEqual({ ok: false, code: "BUSY", message: "1 session file is being imported already; try again when it has finished" });
    expect(await uploads.receive(part({ uploadId: "first001", part: 1, last: true }, file), pipeline)).toMatchObject({ ok: true, done: true, scenario: { prompt: "Hi" } });
    expect(uploads.open()).toBe(0);
  });
});
