import { describe, expect, it } from "vitest";
import type { JsonObject } from "../../json";
import { executeChain } from "../index";
import type { ExecuteChainResult } from "../types";
import type { FimOnePoint } from "./fimOne";

/** FIM One's HookRegistry rules (semantics.md §6c), pinned on the fold with plain handlers `(ctx) => HookResult`. */

type Handler = (ctx: JsonObject) => unknown;

async function fold(point: FimOnePoint, handlers: Handler[], ctx: JsonObject = { tool_name: "sql_exec", tool_args: { q: "x" } }, hookNames?: string[]): Promise<ExecuteChainResult & { seen: JsonObject[] }> {
  const seen: JsonObject[] = [];
  const out = await executeChain({
    execution: "fold",
    hookIds: handlers.map((_, i) => `h${i}`),
    context: { ctx },
    fold: { kind: "modify", merge: { kind: "fim-one", point }, isolation: "shared", failure: "fail-open", defaultTimeoutMs: null, hookName: point, pluginId: "p", args: ["ctx"], ...(hookNames ? { hookNames } : {}) },
    invoke: async (id, input) => {
      const [c] = input as unknown as [JsonObject];
      seen.push(JSON.parse(JSON.stringify(c)) as JsonObject);
      try {
        return { returned: { value: await (handlers[Number(id.slice(1))] as Handler)(c), promise: false } };
      } catch (error) {
        return { failure: { kind: "threw", message: String(error) } };
      }
    },
  });
  return { ...out, seen };
}

describe("FIM One fold (HookRegistry)", () => {
  it("PreToolUse: the first allow:false ends the chain; its error is the observation; later hooks never run; side effects stop at the blocker", async () => {
    const out = await fold("PreToolUse", [
      () => ({ side_effects: ["a ran"] }),
      () => ({ allow: false, error: "Org is in read-only mode — write blocked.", modified_args: { q: "ignored" }, side_effects: ["b blocked"] }),
      () => ({ side_effects: ["c ran"] }),
    ]);
    expect(out.calls.map((c) => c.hookId)).toEqual(["h0", "h1"]);
    expect(out.result).toEqual({ allow: false, error: "Org is in read-only mode — write blocked.", modified_args: null, modified_result: null, side_effects: ["a ran", "b blocked"], blockedBy: "h1", approval: null });
  });

  it("PreToolUse: a block with no (or an empty) error says which hook blocked", async () => {
    expect((await fold("PreToolUse", [() => ({ allow: false, error: "" })])).result).toMatchObject({ allow: false, error: "Blocked by hook 'h0'" });
  });

  it("PreToolUse: modified_args is carried to the next hook's ctx.tool_args and the last rewrite wins; {} is a real rewrite", async () => {
    const out = await fold("PreToolUse", [
      (c) => ({ modified_args: { ...(c.tool_args as JsonObject), limit: 10 } }),
      (c) => ({ modified_args: { ...(c.tool_args as JsonObject), dry: true } }),
      () => ({}),
    ]);
    expect(out.seen.map((c) => c.tool_args)).toEqual([{ q: "x" }, { q: "x", limit: 10 }, { q: "x", limit: 10, dry: true }]);
    expect(out.result).toMatchObject({ allow: true, modified_args: { q: "x", limit: 10, dry: true } });
    expect((await fold("PreToolUse", [() => ({ modified_args: {} })])).result).toMatchObject({ modified_args: {} });
  });

  it("PostToolUse: every hook runs, each sees its predecessor's rewrite, the last non-null wins; allow:false is ignored; \"\" is kept", async () => {
    const out = await fold(
      "PostToolUse",
      [(c) => ({ modified_result: `${String(c.tool_result)}!` }), (c) => ({ allow: false, side_effects: [`saw ${String(c.tool_result)}`] }), (c) => ({ modified_result: `${String(c.tool_result)}?` })],
      { tool_name: "t", tool_result: "r" },
    );
    expect(out.calls).toHaveLength(3);
    expect(out.result).toMatchObject({ allow: true, modified_result: "r!?", side_effects: ["saw r!"] });
    expect((await fold("PostToolUse", [() => ({ modified_result: "" })], { tool_result: "r" })).result).toMatchObject({ modified_result: "" });
  });

  it("a hook that throws is fail-open: the registry's side effect, and the chain goes on", async () => {
    const out = await fold("PreToolUse", [
      () => {
        throw new Error("boom");
      },
      () => ({ side_effects: ["next ran"] }),
    ]);
    expect(out.pointError).toBeNull();
    expect(out.result).toMatchObject({ allow: true, side_effects: ["Hook 'h0' failed with exception", "next ran"] });
  });

  it("a hook that returns nothing is not fail-open (the real runner raises): the point fails and later hooks do not run", async () => {
    const out = await fold("PreToolUse", [() => undefined, () => ({})]);
    expect(out.calls).toHaveLength(1);
    expect(out.result).toBeNull();
    expect(out.pointError).toMatch(/^\[hooks\] PreToolUse hook h0: the hook returned nothing; return a HookResult/);
  });

  it("the context is one shared object: an in-place edit of ctx.tool_args reaches later hooks", async () => {
    const out = await fold("PreToolUse", [
      (c) => {
        (c.tool_args as JsonObject).touched = true;
        return {};
      },
      () => ({}),
    ]);
    expect(out.seen[1]?.tool_args).toEqual({ q: "x", touched: true });
    expect((out.context.ctx as JsonObject).tool_args).toEqual({ q: "x", touched: true });
  });

  describe("several hooks on one PreToolUse, as FIM One's HookRegistry.run_pre_tool combines them", () => {
    /*
     * The same hooks run through the real registry (F:src/fim_one/core/agent/hooks.py at 8bfe86d,
     * Python 3.11, registered in another order with these priorities: audit_log 5, limit_rows 10,
     * count_args 20, tag_source 20 registered after it, swap_args 27, readonly_guard 30, never 40)
     * gave exactly the HookResults expected below; here they arrive in the order the engine sorts them.
     */
    const names = ["audit_log", "limit_rows", "count_args", "tag_source", "swap_args", "readonly_guard", "never"];
    const args = (c: JsonObject) => c.tool_args as JsonObject;
    const hooks: Record<string, Handler> = {
      audit_log: () => {
        throw new Error("audit store down");
      },
      limit_rows: (c) => ({ modified_args: { ...args(c), limit: 10 }, side_effects: ["limit_rows: capped at 10"] }),
      count_args: (c) => ({ side_effects: [`count_args: ${Object.keys(args(c)).sort().join(",")}`] }),
      tag_source: (c) => {
        args(c).source = "hook";
        return { side_effects: ["tag_source: tagged"] };
      },
      swap_args: (c) => {
        c.tool_args = { swapped: true };
        return { side_effects: ["swap_args: swapped"] };
      },
      readonly_guard: (c) => {
        args(c).guard_saw = Object.keys(args(c)).sort();
        return { allow: false, error: "", side_effects: ["readonly_guard: write blocked"] };
      },
      never: () => ({ side_effects: ["never ran"] }),
    };
    const ctx = { hook_point: "PreToolUse", tool_name: "sql_exec", tool_args: { sql: "SELECT * FROM orders" }, agent_id: "agent-1", user_id: "u-9", metadata: { org_id: "org-1", requires_confirmation: false, tool_call_id: "call_1" } };
    const chain = (without: string[]) => {
      const kept = names.filter((n) => !without.includes(n));
      return fold("PreToolUse", kept.map((n) => hooks[n] as Handler), ctx, kept);
    };

    it("allows: names hooks by their name, keeps an in-place edit of the rewritten args, loses a reassigned ctx.tool_args", async () => {
      const out = await chain(["readonly_guard"]);
      expect(out.result).toEqual({
        allow: true,
        error: null,
        modified_args: { sql: "SELECT * FROM orders", limit: 10, source: "hook" },
        modified_result: null,
        side_effects: ["Hook 'audit_log' failed with exception", "limit_rows: capped at 10", "count_args: limit,sql", "tag_source: tagged", "swap_args: swapped", "never ran"],
        blockedBy: null,
        approval: null,
      });
      // Before each hook the registry rebinds ctx.tool_args to the combined rewrite: swap_args's own object is gone for `never`.
      expect(out.seen.map((c) => c.tool_args)).toEqual([
        { sql: "SELECT * FROM orders" },
        { sql: "SELECT * FROM orders" },
        { sql: "SELECT * FROM orders", limit: 10 },
        { sql: "SELECT * FROM orders", limit: 10 },
        { sql: "SELECT * FROM orders", limit: 10, source: "hook" },
        { sql: "SELECT * FROM orders", limit: 10, source: "hook" },
      ]);
    });

    it("blocks: the first allow:false stops the chain with \"Blocked by hook '<name>'\", and the blocker's in-place edit is in modified_args too", async () => {
      const out = await chain([]);
      expect(out.calls.map((c) => c.hookId)).toEqual(["h0", "h1", "h2", "h3", "h4", "h5"]);
      expect(out.result).toEqual({
        allow: false,
        error: "Blocked by hook 'readonly_guard'",
        modified_args: { sql: "SELECT * FROM orders", limit: 10, source: "hook", guard_saw: ["limit", "source", "sql"] },
        modified_result: null,
        side_effects: ["Hook 'audit_log' failed with exception", "limit_rows: capped at 10", "count_args: limit,sql", "tag_source: tagged", "swap_args: swapped", "readonly_guard: write blocked"],
        blockedBy: "h5",
        approval: null,
      });
    });

    it("without names, a hook is named by its id", async () => {
      const out = await fold("PreToolUse", [hooks.audit_log as Handler, () => ({ allow: false })]);
      expect(out.result).toMatchObject({ error: "Blocked by hook 'h1'", side_effects: ["Hook 'h0' failed with exception"] });
    });
  });
});
