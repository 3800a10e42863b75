import { describe, expect, it } from "vitest";
import type { Hook } from "../../../core/pipeline/schema";
import { createRChainRuntime } from "./rChain";
import { rLiteral } from "./rLiteral";

describe("rLiteral", () => {
  it("writes JSON as the R values deputy's callbacks receive", () => {
    expect(rLiteral({ command: "ls \"a\"\n", n: 2, flags: ["-l", "-a"], mixed: [1, "x"], none: null, on: true, empty: {}, list: [] })).toBe(
      'list(`command` = "ls \\"a\\"\\n", `n` = 2, `flags` = c("-l", "-a"), `mixed` = list(1, "x"), `none` = NULL, `on` = TRUE, `empty` = structure(list(), names = character(0)), `list` = list())',
    );
    expect(rLiteral({ "": 1, "a`b": "\u0000\u0001é" })).toBe('structure(list(1, "\\uFFFD\\x01é"), names = c("", "a`b"))');
  });
});

describe("createRChainRuntime without R", () => {
  it("runs nothing and says why on every hook; the chain has no result", async () => {
    const hooks = [{ id: "gate", point: "PreToolUse", name: "gate", enabled: true, matcher: null, code: "function(...) NULL", runtime: { kind: "r" } }] as Hook[];
    const runtime = createRChainRuntime({ hooks, limits: { timeoutMs: 1000, memoryBytes: 1 << 26 }, clock: () => 0, nextSeed: () => 1, probe: () => Promise.resolve({ available: false, reason: "R hooks need R, and Rscript is not installed", fix: "apt-get install r-base-core (as root), then start Hookwright again" }) });
    const result = await runtime.runChain({ point: "PreToolUse", execution: "fold", hookIds: ["gate"], context: { tool_name: "x" } });
    expect(result.calls.map((c) => [c.hookId, c.failure?.message])).toEqual([["gate", "not run: R hooks need R, and Rscript is not installed (fix: apt-get install r-base-core (as root), then start Hookwright again)"]]);
    expect(result.result).toEqual({ winner: null, value: null, notCalled: [] });
  });
});
