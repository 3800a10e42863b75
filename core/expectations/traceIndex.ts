import type { JsonObject } from "../json";
import type { HookEndEvent, PointEndEvent, RunEndEvent, ToolResultEvent, TraceEvent } from "../trace/events";
import { applyPatch } from "../trace/jsonPatch";

/** One time a hook point fired: the context entering its chain and the one the host reads back after it. */
export interface PointVisit {
  point: string;
  /** 1-based: the n-th time this point fired in the run. */
  occurrence: number;
  startSeq: number;
  end: PointEndEvent | null;
  before: JsonObject;
  /** `before` with every hook's patch of this visit applied in order. */
  after: JsonObject;
  /** hook.end events of this visit, in order. */
  hooks: HookEndEvent[];
}

/** One time a hook ran. */
export interface HookRun {
  hookId: string;
  point: string;
  /** 1-based: the n-th time this hook ran in the run. */
  occurrence: number;
  startSeq: number;
  end: HookEndEvent | null;
}

export interface ToolRun {
  toolUseId: string;
  name: string;
  input: JsonObject;
  callSeq: number;
  result: ToolResultEvent | null;
}

export interface TraceIndex {
  visits: PointVisit[];
  hookRuns: HookRun[];
  tools: ToolRun[];
  runEnd: RunEndEvent | null;
  /** Every hook.end and point.end that carries an error, in order. */
  failures: (HookEndEvent | PointEndEvent)[];
}

/** Reads a finished, fully resolved trace once into what the checks look up. */
export function indexTrace(events: readonly TraceEvent[]): TraceIndex {
  const visits: PointVisit[] = [];
  const hookRuns: HookRun[] = [];
  const tools: ToolRun[] = [];
  const failures: (HookEndEvent | PointEndEvent)[] = [];
  const pointCount = new Map<string, number>();
  const hookCount = new Map<string, number>();
  let open: PointVisit | null = null;
  let runEnd: RunEndEvent | null = null;
  for (const e of events) {
    switch (e.type) {
      case "point.start": {
        const occurrence = (pointCount.get(e.point) ?? 0) + 1;
        pointCount.set(e.point, occurrence);
        open = { point: e.point, occurrence, startSeq: e.seq, end: null, before: e.context, after: e.context, hooks: [] };
        visits.push(open);
        break;
      }
      case "hook.start": {
        const occurrence = (hookCount.get(e.hookId) ?? 0) + 1;
        hookCount.set(e.hookId, occurrence);
        hookRuns.push({ hookId: e.hookId, point: e.point, occurrence, startSeq: e.seq, end: null });
        break;
      }
      case "hook.end": {
        const run = findLast(hookRuns, (r) => r.hookId === e.hookId && r.end === null);
        if (run) run.end = e;
        if (open && open.point === e.point) {
          open.hooks.push(e);
          if (e.patch.length > 0) open.after = applyPatch(open.after, e.patch);
        }
        if (e.error !== null) failures.push(e);
        break;
      }
      case "point.end":
        if (open && open.point === e.point) open.end = e;
        open = null;
        if (typeof (e as { error?: unknown }).error === "string") failures.push(e);
        break;
      case "tool.call":
        tools.push({ toolUseId: e.toolUseId, name: e.name, input: e.input, callSeq: e.seq, result: null });
        break;
      case "tool.result": {
        const call = findLast(tools, (t) => t.toolUseId === e.toolUseId && t.result === null);
        if (call) call.result = e;
        break;
      }
      case "run.end":
        runEnd = e;
        break;
      default:
        break;
    }
  }
  return { visits, hookRuns, tools, runEnd, failures };
}

function findLast<T>(items: readonly T[], test: (item: T) => boolean): T | undefined {
  for (let i = items.length - 1; i >= 0; i--) {
    const item = items[i] as T;
    if (test(item)) return item;
  }
  return undefined;
}
