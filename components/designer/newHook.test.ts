import { describe, expect, it } from "vitest";
import { pipelineSchema, PIPELINE_FORMAT } from "~/core/pipeline/schema";
import { vellumProfile } from "~/core/profiles";
import type { HookPointSpec } from "~/core/profiles/types";
import { blankHookCode, hookNameProblem, newHook } from "./newHook";

const point = vellumProfile.points.find((p) => p.id === "pre-model-call") as HookPointSpec;
const doc = pipelineSchema.parse({
  format: PIPELINE_FORMAT,
  name: "T",
  profile: "vellum",
  hooks: [{ id: "pre-model-call", point: "pre-model-call", name: "pre-model-call", code: "" }],
});

describe("newHook", () => {
  it("starts from the point's template, numbered after the hooks already there", () => {
    expect(newHook({ doc, profile: vellumProfile, point, kind: "template" })).toEqual({
      id: "pre-model-call-2",
      point: "pre-model-call",
      name: "pre-model-call-2",
      enabled: true,
      code: point.template,
      priority: null,
      matcher: null,
    });
  });

  it("gives a priority of 0 where the point orders by priority", () => {
    const prioritised = { ...point, hasPriority: true, ordering: "priority-asc" as const };
    expect(newHook({ doc, profile: vellumProfile, point: prioritised, kind: "blank" }).priority).toBe(0);
  });
});

describe("blankHookCode", () => {
  it("is a typed default-exported function importing the context from the types module", () => {
    expect(blankHookCode(point, "@vellumai/plugin-api", "pre-model-call-2")).toBe(
      [
        'import type { PreModelCallContext } from "@vellumai/plugin-api";',
        "",
        "export default async function preModelCall2(ctx: PreModelCallContext): Promise<Partial<PreModelCallContext> | void> {",
        "}",
        "",
      ].join("\n"),
    );
  });
});

describe("hookNameProblem", () => {
  it("accepts a free name and the hook's own name", () => {
    expect(hookNameProblem({ doc, point: "pre-model-call", hookId: "x", name: "fresh" })).toBeNull();
    expect(hookNameProblem({ doc, point: "pre-model-call", hookId: "pre-model-call", name: "pre-model-call" })).toBeNull();
  });

  it("names what is wrong", () => {
    expect(hookNameProblem({ doc, point: "pre-model-call", hookId: "x", name: "  " })).toBe("A hook needs a name.");
    expect(hookNameProblem({ doc, point: "pre-model-call", hookId: "x", name: "pre-model-call" })).toBe(
      "Another hook on pre-model-call is already called “pre-model-call”.",
    );
    expect(hookNameProblem({ doc, point: "stop", hookId: "x", name: "pre-model-call" })).toBeNull();
  });
});
