import { describe, expect, it } from "vitest";
import { createDollar, DollarNotSimulated } from "./dollar";
import { collectRegistrations, hears, ModLoadRefused } from "./registrations";

const h1 = async () => null;
const h2 = async () => null;

describe("collecting a mod's registrations by running register(on, options)", () => {
  it("keeps them in order with their filters in the engine's JSON form", () => {
    const regs = collectRegistrations((on: (...a: unknown[]) => void) => {
      on("tool.call", { tool: ["Edit", /^Ba/i], n: 1 }, h1);
      on("tool.call", h2);
      on("classic.*", { tool: "Bash" }, h1);
    });
    expect(regs.map((r) => [r.event, r.filter, r.hook, r.index])).toEqual([
      ["tool.call", { has: { tool: { anyOf: [{ is: "Edit" }, { regex: "^Ba", flags: "i" }] }, n: { is: 1 } } }, h1, 0],
      ["tool.call", null, h2, 1],
      ["classic.*", { has: { tool: { is: "Bash" } } }, h1, 2],
    ]);
  });

  it("refuses the whole module as the engine does, or where Hookwright does not simulate", () => {
    expect(() => collectRegistrations(undefined)).toThrow(new ModLoadRefused("no export named register (export function register(on, options) {...})"));
    expect(() => collectRegistrations((on: (...a: unknown[]) => void) => on("tool.calls", h1))).toThrow(/"tool.calls" is not an event Hookwright simulates/);
    expect(() =>
      collectRegistrations((on: (...a: unknown[]) => void) => {
        on("tool.call", h1);
        on("tool.call", h2);
      }),
    ).toThrow(new ModLoadRefused('on("tool.call") is registered twice without a matcher'));
    expect(() => collectRegistrations((on: (...a: unknown[]) => void) => on("tool.call", { tool: [["x"]] }, h1))).toThrow(/the filter's tool is neither/);
    expect(() => collectRegistrations(() => { throw new Error("tk-regboom"); })).toThrow(new ModLoadRefused("register threw: tk-regboom"));
    expect(() => collectRegistrations((on: (...a: unknown[]) => { catch(f: unknown): void }) => on("tool.call", h1).catch(h2))).toThrow(/\.catch\(…\) is not simulated by Hookwright/);
  });

  it("globs: classic.* hears the classic events, * everything but tool.run (facts 24, 37)", () => {
    expect(["classic.PreToolUse", "tool.call", "tool.run"].map((e) => [hears("classic.*", e), hears("*", e), hears("tool.run", e)])).toEqual([
      [true, true, false],
      [false, true, false],
      [false, false, true],
    ]);
  });
});

describe("$ as Hookwright builds it", () => {
  it("records $.ui.log and refuses every other member by name when called", () => {
    const logs: string[] = [];
    const $ = createDollar({ log: (t) => void logs.push(t) }) as { ui: { log(t: unknown): void }; fs: { read(p: string): unknown } };
    $.ui.log("hi");
    $.ui.log(3);
    expect(logs).toEqual(["hi", "3"]);
    expect(() => $.fs.read("/etc/passwd")).toThrow(new DollarNotSimulated("$.fs.read() is not simulated by Hookwright (only $.ui.log is); in the engine it reaches the machine or the session"));
  });
});
