import { mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { examplePipelines } from "../../core/examples";
import type { PipelineInput } from "../../core/pipeline/schema";
import { getProfile, listProfiles } from "../../core/profiles";
import { main } from "./main";
import { parseXml } from "./testing/xmlCheck";
import { newHookRuntime } from "~/core/profiles/newHookRuntime";
import { blankDocument } from "../../db/pipelineDocument";

/* `hookwright test` through the CLI entry, with hooks in the real QuickJS sandbox. */

const dir = mkdtempSync(join(tmpdir(), "hookwright-test-"));

async function cli(args: string[], files: Record<string, unknown> = {}) {
  for (const [name, content] of Object.entries(files)) writeFileSync(join(dir, name), typeof content === "string" ? content : JSON.stringify(content));
  let stdout = "";
  let stderr = "";
  const code = await main(args, { stdout: (t) => void (stdout += t), stderr: (t) => void (stderr += t), cwd: dir });
  return { code, stdout: stdout.replace(/ \d+ ms/g, " N ms"), stderr };
}

const gate = examplePipelines.find((p) => p.name === "Dangerous shell command gate") as PipelineInput;

describe("hookwright test", () => {
  for (const example of examplePipelines) {
    it(`passes the example "${example.name}"`, async () => {
      const r = await cli(["test", "ex.json"], { "ex.json": example });
      expect(r.stderr).toBe("");
      expect(r.code).toBe(0);
      const n = example.scenarios?.length ?? 0;
      expect(r.stdout.trim().split("\n").at(-1)).toBe(`${n} scenario${n === 1 ? "" : "s"}: ${n} passed, 0 failed`);
    }, 30_000);
  }

  it("fails a broken copy with exit 1, naming the expectation and why", async () => {
    const broken: PipelineInput = { ...gate, hooks: gate.hooks?.map((h) => ({ ...h, code: h.code.replace("if (!isDangerousCommand(command)) return { handled: false };", "return { handled: false };") })) };
    const r = await cli(["test", "broken.json"], { "broken.json": broken });
    expect(r.code).toBe(1);
    expect(r.stdout).toBe(
      [
        "✗ cleanup request  2/4 expectations  N ms",
        '    ✗ rm -rf is blocked: hook "dangerous-command-gate" decided none (time 1), expected block  [step 6]',
        '    ✗ tool terminal with {"command":"rm -rf ./build"} does not run: terminal ran with {"command":"rm -rf ./build"}  [step 8]',
        "1 scenario: 0 passed, 1 failed",
        "",
      ].join("\n"),
    );
  }, 30_000);

  it("writes JUnit XML with one testcase per scenario; the failure message names the expectation", async () => {
    const twoScenarios: PipelineInput = {
      ...gate,
      scenarios: [
        ...(gate.scenarios ?? []),
        { name: 'quotes "&" <tags>', prompt: "Hi", model: { kind: "scripted", responses: [{ content: [{ type: "text", text: "Hello." }], stopReason: "end_turn" }] }, expectations: [{ kind: "toolCall", name: "terminal" }] },
      ],
    };
    const r = await cli(["test", "two.json", "--reporter", "junit", "--output", "report.xml"], { "two.json": twoScenarios });
    expect(r.code).toBe(1);
    expect(r.stdout.split("\n").slice(-3)).toEqual(["2 scenarios: 1 passed, 1 failed", "JUnit report written to report.xml", ""]);
    const root = parseXml(readFileSync(join(dir, "report.xml"), "utf8"));
    expect(root.name).toBe("testsuites");
    expect(root.attributes).toMatchObject({ tests: "2", failures: "1", errors: "0" });
    const suite = root.children[0];
    expect(suite?.attributes.name).toBe("Dangerous shell command gate");
    expect(suite?.children.map((c) => [c.name, c.attributes.name, c.children.map((f) => [f.name, f.attributes.message])])).toEqual([
      ["testcase", "cleanup request", []],
      ["testcase", 'quotes "&" <tags>', [["failure", "tool terminal runs: no call of terminal was made"]]],
    ]);
    // Without --output the XML is the whole stdout.
    const toStdout = await cli(["test", "two.json", "--reporter", "junit", "--scenario", "cleanup request"]);
    expect(toStdout.code).toBe(0);
    expect(parseXml(toStdout.stdout).attributes).toMatchObject({ tests: "1", failures: "0" });
  }, 30_000);

  it("runs a new pipeline of every profile at once: its default scenario passes with a template hook on every point", async () => {
    for (const { id } of listProfiles()) {
      const doc = blankDocument(`New ${id}`, id);
      const profile = getProfile(id);
      // In the host's own language where it takes no functions (deputy: R).
      const runtime = profile ? newHookRuntime(profile) : undefined;
      const hooks = profile?.points.map((p) => ({ id: p.id, point: p.id, name: p.id, enabled: true, code: p.template, priority: null, matcher: null, ...(runtime ? { runtime } : {}) })) ?? [];
      const r = await cli(["test", `${id}.json`], { [`${id}.json`]: { ...doc, hooks } });
      expect([id, r.code, r.stdout.trim().split("\n").at(-1)]).toEqual([id, 0, "1 scenario: 1 passed, 0 failed"]);
    }
  }, 60_000);

  it("explains usage mistakes and unusable files", async () => {
    expect(await cli(["test"])).toMatchObject({ code: 2, stderr: "hookwright test: which pipeline file? Give its path\nusage: hookwright test PIPELINE.json [--scenario NAME] [--reporter junit [--output FILE]]\n" });
    expect((await cli(["test", "ex.json", "--reporter", "tap"])).stderr).toContain('unknown reporter "tap" (reporters: junit)');
    expect((await cli(["test", "ex.json", "--output", "x.xml"])).stderr).toContain("--output is where --reporter junit writes: give both");
    expect(await cli(["test", "nope.json"])).toMatchObject({ code: 1, stderr: "hookwright test: cannot read nope.json: no such file\n" });
    expect(await cli(["test", "ex.json", "--scenario", "nope"], { "ex.json": gate })).toMatchObject({ code: 1, stderr: 'hookwright test: pipeline "Dangerous shell command gate" has no scenario "nope" (it has: cleanup request)\n' });
    expect(await cli(["test", "empty.json"], { "empty.json": { ...gate, scenarios: [] } })).toMatchObject({ code: 1, stderr: 'hookwright test: empty.json: pipeline "Dangerous shell command gate" has no scenarios to test: add one to "scenarios"\n' });
  });
});

describe("parseXml (the test's checker)", () => {
  it("refuses what is not well-formed", () => {
    expect(() => parseXml("<a><b></a>")).toThrow("</a> at 6 closes <b>");
    expect(() => parseXml('<a x="1" x="2"/>')).toThrow("duplicate attribute x");
    expect(() => parseXml("<a>AT&T</a>")).toThrow('an "&" that starts no entity');
    expect(() => parseXml("<a/><b/>")).toThrow("a second root element");
    expect(() => parseXml("<a>")).toThrow("<a> is never closed");
    expect(parseXml('<?xml version="1.0"?><a t="&quot;&amp;">x &lt; y</a>')).toEqual({ name: "a", attributes: { t: '"&' }, children: [], text: "x < y" });
  });
});
