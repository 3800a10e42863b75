/**
 * Random OpenClaw handler sets for the differential tests: priorities with ties, and per point
 * the returns that exercise its fold (block/params/approval/blockReason combinations, empty
 * strings, undefined and null, malformed decisions), throws, handlers that pass their budget,
 * and handlers that read or mutate the event. A handler is JavaScript source, so the real
 * runner and the sandbox run the very same text.
 */

export interface HandlerSpec {
  priority?: number;
  timeoutMs?: number;
  matcher?: string[];
  /** An async function (sync points: one whose result the host ignores). */
  async: boolean;
  /** Statements before the return (mutations, awaits). */
  before?: string;
  /** "throw", or the returned expression's source ("undefined" for a bare return). */
  returns: string;
}

type Rng = () => number;

function rng(seed: number): Rng {
  let a = seed >>> 0 || 1;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const pick = <T>(r: Rng, items: readonly T[]): T => items[Math.floor(r() * items.length)] as T;

/** An object literal from [key, source] pairs; a pair whose source is "OMIT" is left out. */
function obj(pairs: [string, string][]): string {
  const kept = pairs.filter(([, v]) => v !== "OMIT");
  return `({ ${kept.map(([k, v]) => `${k}: ${v}`).join(", ")} })`;
}

const TEXT = ["OMIT", "OMIT", "undefined", "null", '""', '"a"', '"b"', "event.prompt"];

function returnsFor(point: string, r: Rng, name: string): string {
  switch (point) {
    case "before_tool_call":
      return pick(r, [
        () => obj([
          ["params", pick(r, ["OMIT", "OMIT", "undefined", "null", `{ command: "${name}" }`, "{ ...event.params, extra: 1 }", "event.params", '"str"']) ],
          ["block", pick(r, ["OMIT", "OMIT", "true", "false", "1", "undefined"])],
          ["blockReason", pick(r, ["OMIT", "OMIT", '""', `"reason ${name}"`, "undefined"])],
          ["requireApproval", pick(r, ["OMIT", "OMIT", "OMIT", `{ title: "t ${name}", description: "d", severity: "info", onResolution: () => {} }`, "null", "0", '"yes"'])],
        ]),
        () => "undefined",
        () => "null",
      ])();
    case "before_prompt_build":
      return pick(r, [
        () => obj([
          ["systemPrompt", pick(r, TEXT)],
          ["prependContext", pick(r, [...TEXT, `"${name}"`])],
          ["appendContext", pick(r, TEXT)],
          ["prependSystemContext", pick(r, TEXT)],
          ["appendSystemContext", pick(r, TEXT)],
          ["toolsAllow", pick(r, ["OMIT", "OMIT", '["exec", "read"]', '["Read", "bash"]', '["exec"]', "[]", '"exec"', '["exec", 1]', '["re*"]'])],
        ]),
        () => "undefined",
        () => "null",
      ])();
    case "before_model_resolve":
      return pick(r, [() => obj([["modelOverride", pick(r, TEXT)], ["providerOverride", pick(r, TEXT)]]), () => "undefined", () => "null"])();
    case "before_agent_run":
      return pick(r, ['({ outcome: "pass" })', '({ outcome: "pass" })', `({ outcome: "block", reason: "r ${name}" })`, `({ outcome: "block", reason: "r", message: "m ${name}" })`, '({ outcome: "block" })', '({ outcome: "pass", extra: 1 })', '({ outcome: "block", reason: " " })', "undefined", "null", '"pass"']);
    case "before_agent_finalize":
      return pick(r, [
        () => obj([
          ["action", pick(r, ['"continue"', '"revise"', '"revise"', '"finalize"', "OMIT", '"other"'])],
          ["reason", pick(r, ["OMIT", `"why ${name}"`, '""', "undefined"])],
          ["retry", pick(r, ["OMIT", `{ instruction: " do ${name} " }`, '{ instruction: "  " }', "{ instruction: 5 }", `{ instruction: "again", maxAttempts: 2 }`])],
        ]),
        () => "undefined",
        () => "null",
        () => '"x"',
      ])();
    case "message_sending":
      return pick(r, [
        () => obj([
          ["content", pick(r, ["OMIT", "OMIT", '""', `"c ${name}"`, "null", "undefined"])],
          ["cancel", pick(r, ["OMIT", "OMIT", "true", "false", "1"])],
          ["cancelReason", pick(r, ["OMIT", '""', `"cr ${name}"`])],
          ["metadata", pick(r, ["OMIT", "null", `{ by: "${name}" }`])],
        ]),
        () => "undefined",
        () => "null",
      ])();
    case "before_agent_reply":
      return pick(r, [`({ handled: true, reply: { text: "${name}" } })`, "({ handled: false })", "({ handled: 1 })", "({ handled: 0, reply: { text: \"no\" } })", `({ handled: "yes", reason: "${name}" })`, "undefined", "null"]);
    case "tool_result_persist":
    case "before_message_write":
      return pick(r, [
        `({ message: { ...event.message, content: [{ type: "text", text: event.message.content[0].text + " ${name}" }] } })`,
        "({ message: event.message })",
        "({ message: null })",
        "({ block: true })",
        "({ block: false })",
        "undefined",
        "null",
      ]);
    default:
      return pick(r, ["undefined", "null", '({ ignored: true })', '"x"']);
  }
}

const SYNC_POINTS = new Set(["tool_result_persist", "before_message_write"]);
/** Points whose runner applies budgets (so a slow handler is worth generating). */
const TIMED_POINTS = new Set(["before_tool_call", "before_prompt_build", "before_agent_run", "before_agent_finalize", "message_sending", "agent_end", "before_compaction", "after_compaction", "gateway_stop"]);

export function generateSets(point: string, count: number, seed: number): HandlerSpec[][] {
  const r = rng(seed);
  const sets: HandlerSpec[][] = [];
  for (let s = 0; s < count; s++) {
    const size = 1 + Math.floor(r() * 5);
    const set: HandlerSpec[] = [];
    for (let i = 0; i < size; i++) {
      const name = `s${s}h${i}`;
      const sync = SYNC_POINTS.has(point);
      const spec: HandlerSpec = { async: sync ? r() < 0.2 : true, returns: r() < 0.12 ? "throw" : returnsFor(point, r, name) };
      // A handler that mutates the shared event and then throws is left out on purpose: the host keeps
      // that mutation for later handlers, Hookwright drops a failed hook's changes (docs/openclaw.md).
      const mayMutate = spec.returns !== "throw";
      const priority = pick(r, [undefined, 0, 0, 5, 5, 50, -10]);
      if (priority !== undefined) spec.priority = priority;
      if (point === "before_tool_call" && r() < 0.25) spec.matcher = pick(r, [["exec"], ["web_search"], ["EXEC", "read"]]);
      if (!sync && r() < 0.25) spec.before = mayMutate ? pick(r, ['event.prompt = "mutated";', "if (event.params) event.params.injected = true;", "await Promise.resolve();"]) : "await Promise.resolve();";
      if (!sync && TIMED_POINTS.has(point) && r() < 0.15) {
        spec.timeoutMs = 40;
        const delay = pick(r, [5, 120]);
        // A handler that times out is a failure too: the same exclusion as for throws.
        const before = delay > spec.timeoutMs && spec.before?.includes("=") ? "await Promise.resolve();" : (spec.before ?? "");
        spec.before = `${before} await new Promise((resolve) => setTimeout(resolve, ${delay}));`;
      }
      set.push(spec);
    }
    sets.push(set);
  }
  return sets;
}

/** The handler's body: its statements, then its return or throw. */
export function handlerBody(h: HandlerSpec, name: string): string {
  const end = h.returns === "throw" ? `throw new Error("boom ${name}");` : `return ${h.returns};`;
  return `${h.before ?? ""} ${end}`;
}
