import { describe, expect, it } from "vitest";
import { fimOneProfile } from "~/core/profiles";
import { completionsAt, contextNames } from "./pythonCompletions";

const authoring = fimOneProfile.pythonAuthoring;
if (!authoring) throw new Error("the fim-one profile has no pythonAuthoring");
const code = authoring.template("PreToolUse") ?? "";

describe("completionsAt", () => {
  it("offers the HookContext fields after the context parameter's name", () => {
    const items = completionsAt({ before: "        if ctx.tool", code, authoring });
    expect(items.map((i) => i.label)).toEqual(["hook_point", "tool_name", "tool_args", "tool_result", "agent_id", "user_id", "conversation_id", "metadata"]);
    expect(items[1]).toEqual({ label: "tool_name", insertText: "tool_name", detail: "str | None", documentation: "The tool being called (PreToolUse, PostToolUse).", kind: "field" });
    expect(completionsAt({ before: "x = event.", code: `${code}\n    def execute(self, event):\n`, authoring })).toHaveLength(8);
    expect(completionsAt({ before: "x = other.", code, authoring })).toEqual([]);
  });

  it("offers the HookResult fields not yet given, as keyword arguments, inside HookResult(…)", () => {
    const items = completionsAt({ before: '        return HookResult(\n            allow=False,\n            ', code, authoring });
    expect(items.map((i) => [i.insertText, i.detail])).toEqual([
      ["modified_args=", "dict[str, Any] | None = None"],
      ["modified_result=", "str | None = None"],
      ["side_effects=", "list[str] = []"],
      ["error=", "str | None = None"],
    ]);
    expect(completionsAt({ before: "return HookResult(allow=", code, authoring })).toEqual([]);
    expect(completionsAt({ before: "return HookResult(side_effects=[f(x), ", code, authoring })).toEqual([]);
    expect(completionsAt({ before: "return HookResult(side_effects=[f(x)], ", code, authoring }).map((i) => i.label)).toEqual(["allow", "modified_args", "modified_result", "error"]);
    expect(completionsAt({ before: "return other(", code, authoring })).toEqual([]);
  });

  it("reads the context parameter's names from the hook's methods", () => {
    expect([...contextNames("def should_trigger(self, c):\nasync def execute(self, event: HookContext)")]).toEqual(["context", "ctx", "c", "event"]);
  });
});
