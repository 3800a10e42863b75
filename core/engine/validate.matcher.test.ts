import { describe, expect, it } from "vitest";
import { pipelineSchema, PIPELINE_FORMAT } from "../pipeline/schema";
import { getProfile } from "../profiles";
import type { Profile } from "../profiles/types";
import { checkPipelineAgainstProfile } from "./validate";

const pipeline = (profile: string, hooks: { matcher: string | string[] | null; enabled?: boolean; point: string }[]) =>
  pipelineSchema.parse({ format: PIPELINE_FORMAT, name: "p", profile, hooks: hooks.map((h, i) => ({ id: `h${i}`, name: `h${i}`, code: "", ...h })) });

describe("checkPipelineAgainstProfile: matchers", () => {
  it("refuses an enabled hook's matcher the host cannot use, by field path and the host's reason", () => {
    const cc = getProfile("claude-code") as Profile;
    expect(
      checkPipelineAgainstProfile(
        pipeline("claude-code", [
          { point: "PreToolUse", matcher: "Bash(" },
          { point: "PreToolUse", matcher: "Bash(", enabled: false },
          { point: "PreToolUse", matcher: "Edit|Write" },
          { point: "PreToolUse", matcher: null },
        ]),
        cc,
      ),
    ).toEqual([{ path: "hooks[0].matcher", message: '"Bash(" is not a valid regular expression: Invalid regular expression: /Bash(/: Unterminated group' }]);
    const oc = getProfile("openclaw") as Profile;
    expect(checkPipelineAgainstProfile(pipeline("openclaw", [{ point: "before_tool_call", matcher: ["*"] }]), oc)).toEqual([
      { path: "hooks[0].matcher", message: "TypeError: tool hook matcher wildcard entries are not supported" },
    ]);
  });
});
