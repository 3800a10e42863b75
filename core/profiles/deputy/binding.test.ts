import { describe, expect, it } from "vitest";
import type { MomentView } from "../../engine/binding";
import type { ChainResult } from "../../engine/ports";
import { deputyBinding, stopReasonOfExit } from "./binding";
import { checkPermission, DEFAULT_PERMISSIONS, normalizeToolId, permissionsOf } from "./permissions";
import { checkDeputyPattern } from "./pattern";

const chain = (value: unknown): ChainResult => ({ calls: [], context: {}, result: { winner: "h", value: value as never, notCalled: [] } });

describe("deputy permissions (D:R/permissions.R)", () => {
  it("checks the deny/allow lists, then the mode, then each capability", () => {
    expect(checkPermission(DEFAULT_PERMISSIONS, "run_bash", null)).toEqual({ allow: false, reason: "Bash command execution is not allowed" });
    expect(checkPermission(DEFAULT_PERMISSIONS, "Run-Bash", null)).toEqual({ allow: false, reason: "Bash command execution is not allowed" });
    expect(checkPermission(DEFAULT_PERMISSIONS, "read_file", null)).toEqual({ allow: true });
    expect(checkPermission(DEFAULT_PERMISSIONS, "web_fetch", null)).toEqual({ allow: false, reason: "Web access is not allowed" });
    expect(checkPermission(permissionsOf({ permission_mode: "full" }), "run_bash", null)).toEqual({ allow: true });
    expect(checkPermission(permissionsOf({ permission_mode: "full", permissions: { tool_denylist: ["run_bash"] } }), "run_bash", null)).toEqual({ allow: false, reason: "Tool not allowed by denylist: run_bash" });
    expect(checkPermission(permissionsOf({ permission_mode: "readonly" }), "write_file", null)).toEqual({ allow: false, reason: "Permission denied: readonly mode active" });
    expect(checkPermission(permissionsOf({ permission_mode: "plan" }), "search", null)).toEqual({ allow: false, reason: "Plan mode only allows annotated read-only tools. search has no annotations." });
    expect(normalizeToolId(" Web Fetch! ")).toBe("web_fetch");
  });
});

describe("deputy pattern check (TRE refusals known without R)", () => {
  it("refuses lookarounds, atomic groups, \\p{} and possessive quantifiers with deputy's message", () => {
    expect(checkDeputyPattern("^(?!read)")).toBe('Invalid hook pattern: "^(?!read)" (R\'s TRE regex engine has no lookarounds ((?=…), (?!…), (?<=…), (?<!…)); grepl() refuses it)');
    expect(checkDeputyPattern("a++")).toContain("possessive");
    expect(checkDeputyPattern("(a")).toBe('Invalid hook pattern: "(a" (a "(" is not closed)');
    expect(checkDeputyPattern("^run_bash$")).toBeNull();
    expect(checkDeputyPattern("^(?i)bash|\\d+")).toBeNull();
  });
});

describe("deputy binding", () => {
  it("names the stop reason as deputy does", () => {
    expect(["no_tool_calls", "max_model_calls", "max_tool_calls", "budget"].map(stopReasonOfExit)).toEqual(["complete", "request_limit", "tool_call_limit", "budget"]);
  });

  it("compact(): continue = FALSE cancels; the hook's summary is used only when the caller gave none", () => {
    const stage = deputyBinding.at?.runEnd?.[0];
    if (!stage) throw new Error("no PreCompact stage");
    const messages = [1, 2, 3, 4].map((n) => ({ role: n % 2 ? ("user" as const) : ("assistant" as const), content: [{ type: "text" as const, text: `m${n}` }] }));
    const view = (summary: string | null) => ({ messages, system: "S", scenario: { hostContext: { compact: { keep_last: 2, summary } } } }) as unknown as MomentView;
    expect(stage.readBack({}, view(null), chain({ HookResultPreCompact: { continue: false, summary: null } })).value).toEqual({});
    expect(stage.readBack({}, view(null), chain({ continue: false })).value).toEqual({});
    expect(stage.readBack({}, view(null), chain({ HookResultPreCompact: { continue: true, summary: "hook's" } })).value).toEqual({ system: "S\n\n## Previous Conversation Summary\nhook's", messages: messages.slice(2) });
    expect(stage.readBack({}, view("caller's"), chain({ HookResultPreCompact: { continue: true, summary: "hook's" } })).value).toEqual({ system: "S\n\n## Previous Conversation Summary\ncaller's", messages: messages.slice(2) });
  });
});
