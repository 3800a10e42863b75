import { readdir, readFile } from "node:fs/promises";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { modPluginFiles, type ModHookSpec } from "~/core/bundles/exportClaudeCodeMods";
import { importClaudeCodeModsPlugin } from "~/core/bundles/importClaudeCodeMods";
import { parseFilterSource } from "~/core/profiles/claude-code-mods/filter";
import { canIsolate, claudeEngineFixture } from "./testing/claudeEngine";
import { runMods, validatePlugin } from "./testing/claudeMods";
import { writeFiles } from "./testing/commandHook";

/*
 * A mod exported by Hookwright (core/bundles/exportClaudeCodeMods.ts) checked by the REAL engine
 * (2.1.330, offline, unshare -rn): `claude plugin validate` accepts the folder and reads the same
 * registrations (events, filters, order) Hookwright wrote; `--plugin-dir` loads and runs it; and
 * Hookwright reads the folder back as it wrote it.
 */

const isolated = canIsolate();
if (!isolated) console.warn("claudeCodeMods.export.test.ts skipped: `unshare -rn` is not available here, so the real engine cannot run offline.");
const claude = claudeEngineFixture("claude-mods-export", isolated);

const HOOKS: ModHookSpec[] = [
  { name: "Safe rm", event: "tool.call", filter: `{ tool: "Bash", command: /rm -rf/ }`, code: 'export default async function saferm($: unknown, e: { command: string }, next: (e: unknown) => Promise<unknown>) {\n  return next({ ...e, command: e.command.replace("rm -rf", "rm -ri") });\n}\n' },
  { name: "Network gate", event: "classic.PreToolUse", filter: `{ tool: ["Bash", /^Web/] }`, code: 'const gate = async ($, e, next) => {\n  if (/curl/.test(e.command)) return { deny: "no network: " + e.command };\n  return next(e);\n};\nexport default gate;\n' },
  { name: "Audit", event: "tool.call", filter: null, code: 'export default async ($, e, next) => {\n  $.ui.log("audit " + e.tool);\n  return next(e);\n};\n' },
];

async function readTree(root: string): Promise<Map<string, string>> {
  const out = new Map<string, string>();
  for (const entry of await readdir(root, { recursive: true, withFileTypes: true })) {
    if (entry.isFile()) {
      const path = join(entry.parentPath, entry.name);
      out.set(relative(root, path), await readFile(path, "utf8"));
    }
  }
  return out;
}

describe.skipIf(!isolated)("an exported mod in the real engine (2.1.330, offline)", () => {
  it("claude plugin validate accepts it and reads Hookwright's registrations: events, filters and order", { timeout: 120_000 }, async () => {
    const dir = join(claude.folder(), "safe-shell");
    await writeFiles(dir, modPluginFiles("safe-shell", "Safe shell", HOOKS));
    const report = await validatePlugin(claude.engine(), claude.folder(), dir);
    expect(report.code, report.text).toBe(0);
    expect(report.text).toContain("✔ Validation passed");
    expect(report.text).toContain("./register.ts hooks: tool.call{tool=Bash, command=/\"rm -rf\"/}, classic.PreToolUse{tool=Bash|/\"^Web\"/}, tool.call");
    const json = report.json as { contents: { modules?: { module: string; hooks: { pattern: string; matcher: unknown }[] }[] }[] };
    const hooks = json.contents.flatMap((c) => c.modules ?? []).find((m) => m.module === "./register.ts")?.hooks;
    expect(hooks?.map((h) => ({ pattern: h.pattern, matcher: h.matcher }))).toEqual(HOOKS.map((h) => ({ pattern: h.event, matcher: h.filter ? parseFilterSource(h.filter) : { has: {} } })));
  });

  it("--plugin-dir runs it: rm -rf rewritten, curl denied with the bare reason, every call audited", { timeout: 120_000 }, async () => {
    const dir = join(claude.folder(), "run", "safe-shell");
    await writeFiles(dir, modPluginFiles("safe-shell", "Safe shell", HOOKS));
    const r = await runMods(claude.engine(), join(claude.folder(), "run"), { mods: [], pluginDirs: [dir], commands: ['echo "rm -rf build" >> ran.log; echo cleaned', "curl example.com"] });
    expect(r.ran).toEqual(["rm -ri build"]);
    expect(r.toolResults.map((t) => [t.text, t.is_error])).toEqual([["cleaned", false], ["no network: curl example.com", true]]);
    expect(r.uiLogs).toEqual(["safe-shell: audit Bash", "safe-shell: audit Bash"]);
  });

  it("Hookwright reads the folder it wrote back as the same hooks", { timeout: 120_000 }, async () => {
    const dir = join(claude.folder(), "again");
    await writeFiles(dir, modPluginFiles("safe-shell", "Safe shell", HOOKS));
    const mod = importClaudeCodeModsPlugin(await readTree(dir));
    expect(mod.hooks.map((h) => ({ event: h.event, filter: h.filter, code: h.code }))).toEqual(HOOKS.map((h) => ({ event: h.event, filter: h.filter, code: h.code })));
  });

  it("fact 42: validate refuses a module with an unknown event (exit 1)", { timeout: 120_000 }, async () => {
    const dir = join(claude.folder(), "bad");
    await writeFiles(dir, modPluginFiles("bad", "Bad", [{ ...HOOKS[2], event: "tool.calls" } as ModHookSpec]));
    const report = await validatePlugin(claude.engine(), claude.folder(), dir);
    expect(report.code).toBe(1);
    expect(report.text).toContain('"tool.calls" is not an event');
    expect(report.text).toContain("✘ Validation failed");
  });
});
