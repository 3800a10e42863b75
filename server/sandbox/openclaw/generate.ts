/**
 * Random OpenClaw handler sets for the differential tests: priorities with ties, and per point
 * the returns that exercise its fold (block/params/approval/blockReason combinations, empty
 * strings, undefined and null, malformed decisions), throws, handlers that pass their budget,
 * and handlers that write to the event and ctx (top-level fields, fields inside their objects,
 * deletions). Every handler first logs the event and ctx it was handed ({@link PROBE}), so the
 * test sees which earlier writes reached it. A handler is JavaScript source, so the real runner
 * and the sandbox run the very same text.
 */

export interface HandlerSpec {
  priority?: number;
  timeoutMs?: number;
  matcher?: string[];
  /** An async function (sync points: one whose result the host ignores). */
  async: boolean;
  /** Statements before the return (writes, awaits). */
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

const TEXT = ["OMIT", "OMIT", "undefined", "null", '""', '"a"', '"b"', "event.prompt", "ctx.mark", "event.runId"];

function returnsFor(point: string, r: Rng, name: string): string {
  switch (point) {
    case "before_tool_call":
      return pick(r, [
        () => obj([
          ["params", pick(r, ["OMIT", "OMIT", "undefined", "null", `{ command: "${name}" }`, "{ ...event.params, extra: 1 }", "event.params", '"str"']) ],
          ["block", pick(r, ["OMIT", "OMIT", "true", "false", "1", "undefined"])],
          ["blockReason", pick(r, ["OMIT", "OMIT", '""', `"reason ${name}"`, "undefined", "ctx.mark"])],
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
          ["reason", pick(r, ["OMIT", `"why ${name}"`, '""', "undefined", "event.runId"])],
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

/**
 * Writes a handler may make before its first await: to the event's and ctx's own fields and
 * inside their objects (params, the threaded message, a history message), and deletions.
 */
const WRITES = (name: string): string[] => [
  `event.prompt = "${name}";`,
  `ctx.mark = "${name}";`,
  "delete ctx.channelId;",
  `if (event.params) event.params.injected = "${name}";`,
  `if (event.message) event.message.seenBy = "${name}";`,
  `if (Array.isArray(event.messages) && event.messages.length > 0) event.messages[event.messages.length - 1].seenBy = "${name}";`,
  "if (Array.isArray(event.messages)) event.messages.push({ role: \"user\", content: \"added\" });",
];

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
      const writes: string[] = [];
      if (mayMutate && r() < 0.6) for (let w = 1 + Math.floor(r() * 3); w > 0; w--) writes.push(pick(r, WRITES(name)));
      let tail = !sync && r() < 0.2 ? "await Promise.resolve();" : "";
      if (!sync && TIMED_POINTS.has(point) && r() < 0.15) {
        spec.timeoutMs = 40;
        const delay = pick(r, [5, 120]);
        // A handler that times out is a failure too: the same exclusion as for throws.
        if (delay > spec.timeoutMs) writes.length = 0;
        tail += ` await new Promise((resolve) => setTimeout(resolve, ${delay}));`;
      }
      const before = [...writes, tail].filter(Boolean).join(" ");
      if (before) spec.before = before;
      set.push(spec);
    }
    sets.push(set);
  }
  return sets;
}

/**
 * The first statement of every handler: logs the event and ctx as it was handed them. The
 * runner's per-invocation `ctx.hookInvocation` at before_prompt_build (a frozen object holding
 * `assertActive()`) is left out: Hookwright's ctx is JSON and does not carry it (docs/openclaw.md).
 */
export const PROBE = 'console.log(JSON.stringify({ event, ctx }, (key, value) => (key === "hookInvocation" ? undefined : value)));';

/** The handler's body: the probe, its statements, then its return or throw. */
export function handlerBody(h: HandlerSpec, name: string): string {
  const end = h.returns === "throw" ? `throw new Error("boom ${name}");` : `return ${h.returns};`;
  return `${PROBE} ${h.before ?? ""} ${end}`;
}
