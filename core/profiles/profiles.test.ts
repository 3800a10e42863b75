import { describe, expect, it } from "vitest";
import { getProfile, listProfiles } from "./index";
import { typeErrors } from "./testing/typeCheck";

describe("profiles", () => {
  it("lists vellum, registry, openclaw, claude-code, fim-one and deputy, and getProfile finds them by id", () => {
    expect(listProfiles().map((p) => p.id)).toEqual(["vellum", "registry", "openclaw", "claude-code", "fim-one", "deputy", "codex", "claude-code-mods"]);
    expect(getProfile("vellum")?.typesModule).toBe("@vellumai/plugin-api");
    expect(getProfile("nope")).toBeUndefined();
    expect(getProfile("toString")).toBeUndefined();
  });

  it("gives Vellum all eight hooks with the seed's fields", () => {
    const vellum = getProfile("vellum");
    expect(vellum?.points.map((p) => p.id)).toEqual(["init", "user-prompt-submit", "post-compact", "pre-model-call", "post-model-call", "post-tool-use", "stop", "shutdown"]);
    const pre = vellum?.points.find((p) => p.id === "pre-model-call");
    expect(pre?.fields.map((f) => [f.name, f.readonly, f.readBack])).toEqual([
      ["conversationId", true, false],
      ["callSite", true, false],
      ["systemPrompt", false, true],
      ["modelProfile", false, true],
      ["deferAssistantOutput", false, true],
      ["logger", true, false],
    ]);
    const stop = vellum?.points.find((p) => p.id === "stop");
    expect(stop?.fields.filter((f) => f.readBack)).toEqual([]);
  });

  it("gives the registry its three execution models", () => {
    const registry = getProfile("registry");
    expect(registry?.points.map((p) => [p.id, p.execution, p.failure])).toEqual([
      ["session_start", "void", "fail-open"],
      ["before_prompt_build", "modifying", "propagate"],
      ["before_tool_call", "claiming", "propagate"],
      ["after_tool_call", "void", "fail-open"],
      ["agent_done", "void", "fail-open"],
    ]);
  });

  for (const profile of listProfiles()) {
    describe(profile.id, () => {
      it("puts every hook point on exactly one edge, and every edge joins known nodes", () => {
        const nodeIds = new Set(profile.nodes.map((n) => n.id));
        const onEdges = profile.edges.flatMap((e) => e.points);
        expect([...onEdges].sort()).toEqual(profile.points.map((p) => p.id).sort());
        for (const edge of profile.edges) {
          expect(nodeIds.has(edge.source) && nodeIds.has(edge.target), edge.id).toBe(true);
        }
        expect(new Set(profile.edges.map((e) => e.id)).size).toBe(profile.edges.length);
      });

      it("generates a .d.ts that compiles, against which every template compiles", () => {
        const files: Record<string, string> = {};
        // A host that takes no function hooks (deputy: R only) has its templates in its own language.
        const typescriptTemplates = (profile.runtimes ?? ["function"]).includes("function");
        if (typescriptTemplates) for (const point of profile.points) files[`/hooks/${point.id}.ts`] = point.template;
        expect(typeErrors(profile, files)).toEqual([]);
      });

      it("marks read-only fields readonly in the .d.ts, so writing one is a type error", () => {
        const point = profile.points.find((p) => p.fields.some((f) => f.readonly && !f.hostObject));
        const field = point?.fields.find((f) => f.readonly && !f.hostObject);
        if (!point || !field) throw new Error("the profile has no read-only field");
        const code = `import type { ${point.contextType} } from "${profile.typesModule}";\nexport default async function (ctx: ${point.contextType}) { ctx.${field.name} = ctx.${field.name}; }\n`;
        expect(typeErrors(profile, { "/hooks/write.ts": code }).join("\n")).toContain(`Cannot assign to '${field.name}' because it is a read-only property.`);
      });
    });
  }
});
