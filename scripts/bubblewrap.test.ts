import { describe, expect, it } from "vitest";
import { ensureSandboxTools, missingToolsMessage, R_TOOLS, type SandboxToolDeps } from "./bubblewrap.mjs";

/* The sandbox tools of `npm test`, on a pretend machine: tools, user and commands are injected. */

function machine(options: { tools?: string[]; isRoot?: boolean; hasApt?: boolean; aptAdds?: string[]; aptCode?: number }) {
  const tools = new Set(options.tools ?? []);
  const ran: string[] = [];
  const logged: string[] = [];
  const deps: SandboxToolDeps = {
    findTool: (name) => (tools.has(name) ? `/usr/bin/${name}` : null),
    isRoot: options.isRoot ?? false,
    hasApt: options.hasApt ?? false,
    run: (command, args) => {
      ran.push([command, ...args].join(" "));
      if (args[0] === "install") for (const tool of options.aptAdds ?? []) tools.add(tool);
      return Promise.resolve(args[0] === "install" ? (options.aptCode ?? 0) : 0);
    },
    log: (line) => logged.push(line),
  };
  return { deps, ran, logged };
}

describe("ensureSandboxTools", () => {
  it("installs nothing when bwrap and jq are there", async () => {
    const m = machine({ tools: ["bwrap", "jq"], isRoot: true, hasApt: true });
    expect(await ensureSandboxTools(m.deps)).toEqual({ ok: true, installed: [] });
    expect(m.ran).toEqual([]);
  });

  it("as root with apt, installs only what is missing and says so", async () => {
    const m = machine({ tools: ["jq"], isRoot: true, hasApt: true, aptAdds: ["bwrap"] });
    expect(await ensureSandboxTools(m.deps)).toEqual({ ok: true, installed: ["bubblewrap"] });
    expect(m.ran).toEqual(["apt-get update -qq", "apt-get install -y -qq bubblewrap"]);
    expect(m.logged).toHaveLength(1);
  });

  it("says in one line what to run when it cannot install", async () => {
    const notRoot = machine({ hasApt: true });
    expect(await ensureSandboxTools(notRoot.deps)).toEqual({ ok: false, message: missingToolsMessage(["bubblewrap", "jq"]) });
    expect(notRoot.ran).toEqual([]);
    const failing = machine({ isRoot: true, hasApt: true, aptCode: 100 });
    expect(await ensureSandboxTools(failing.deps)).toEqual({ ok: false, message: "npm test: bubblewrap and jq are not installed, so the process sandbox's tests will skip; run `apt-get install bubblewrap jq` as root, then npm test again." });
  });

  it("installs R (r-base-core) for the R hooks' tests the same way", async () => {
    const m = machine({ tools: ["bwrap", "jq"], isRoot: true, hasApt: true, aptAdds: ["Rscript"] });
    expect(await ensureSandboxTools(m.deps, R_TOOLS, "the R hooks' tests")).toEqual({ ok: true, installed: ["r-base-core"] });
    expect(m.ran).toEqual(["apt-get update -qq", "apt-get install -y -qq r-base-core"]);
    expect(m.logged).toEqual(["npm test: installing r-base-core with apt-get (the R hooks' tests need it)…"]);
    const notRoot = machine({});
    expect(await ensureSandboxTools(notRoot.deps, R_TOOLS, "the R hooks' tests")).toEqual({
      ok: false,
      message: "npm test: r-base-core is not installed, so the R hooks' tests will skip; run `apt-get install r-base-core` as root, then npm test again.",
    });
  });
});
