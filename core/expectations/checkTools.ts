import type { Json } from "../json";
import type { Expectation } from "../pipeline/expectationSchema";
import { show, subsumes } from "./jsonMatch";
import type { HookNames } from "./checkHooks";
import type { TraceIndex } from "./traceIndex";
import type { Verdict } from "./types";

type ToolCallExpectation = Extract<Expectation, { kind: "toolCall" }>;

/** A tool call ran (its result came from the tool, not from a hook that blocked or answered it), with the given input. */
export function checkToolCall(index: TraceIndex, e: ToolCallExpectation, names: HookNames): Verdict {
  const input = e.input as Record<string, Json> | undefined;
  const calls = index.tools.filter((t) => t.name === e.name && (input === undefined || subsumes(t.input, input)));
  const what = `${e.name}${input ? ` with ${show(input)}` : ""}`;
  const ran = calls.filter((c) => c.result !== null && c.result.claimedBy === undefined);
  const stopped = calls.filter((c) => c.result?.claimedBy !== undefined);
  const endSeq = index.runEnd?.seq ?? null;
  const stoppedWords = (c: (typeof calls)[number]) => `hook "${names(c.result?.claimedBy ?? "")}" ${c.result?.isError ? "blocked" : "answered"} it`;
  if (e.ran) {
    const hit = ran[0];
    if (hit) return { pass: true, reason: `${e.name} ran with ${show(hit.input)}`, seq: hit.callSeq };
    const blocked = stopped[0];
    if (blocked) return { pass: false, reason: `${what} was called but did not run: ${stoppedWords(blocked)}`, seq: blocked.result?.seq ?? blocked.callSeq };
    const others = index.tools.filter((t) => t.name === e.name);
    if (others.length > 0) return { pass: false, reason: `${e.name} was called only with other input: ${others.map((t) => show(t.input, 60)).join(", ")}`, seq: others[0]?.callSeq ?? endSeq };
    return { pass: false, reason: `no call of ${what} was made`, seq: endSeq };
  }
  const hit = ran[0];
  if (hit) return { pass: false, reason: `${e.name} ran with ${show(hit.input)}`, seq: hit.callSeq };
  const blocked = stopped[0];
  if (blocked) return { pass: true, reason: `${what} did not run: ${stoppedWords(blocked)}`, seq: blocked.result?.seq ?? blocked.callSeq };
  return { pass: true, reason: `no call of ${what} was made`, seq: endSeq };
}
