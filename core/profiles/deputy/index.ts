import type { Profile } from "../types";
import { deputyRAuthoring } from "./authoring";
import { deputyEdges, deputyNodes } from "./graph";
import { checkDeputyPattern } from "./pattern";
import { DEPUTY_TYPES_MODULE, deputyPoints } from "./points";
import { deputySharedTypes } from "./sharedTypes";

export { DEPUTY_EDGES } from "./graph";

/** deputy, the R agent framework (seed 004, deputy.md): R callbacks, first non-NULL result wins. */
export const deputyProfile: Profile = {
  id: "deputy",
  name: "deputy (R) hooks",
  description:
    "deputy's hooks: R callbacks registered with agent$add_hook(HookMatcher$new(event, callback, pattern, timeout)), called with named arguments in registration order; the first non-NULL return wins and nothing is combined. PreToolUse answers HookResultPreToolUse(\"allow\"|\"deny\", reason) after the permission check; a callback error or timeout denies; PostToolUse answers HookResultPostToolUse(continue); PreCompact (only on agent$compact()) may cancel or give the summary; the other events are informational.",
  source: "seed 004 (deputy's HookEvent reference, the 8-event docs era); deputy.md (JamesHWade/deputy c474452, HEAD, 13 events)",
  nodes: deputyNodes,
  edges: deputyEdges,
  points: deputyPoints,
  sharedTypes: deputySharedTypes,
  typesModule: DEPUTY_TYPES_MODULE,
  exitReasons: ["no_tool_calls", "hook_requested_stop", "max_model_calls", "max_tool_calls", "error", "script_exhausted", "hook_error"],
  matcherShape: "pattern",
  checkMatcher: (matcher) => (Array.isArray(matcher) ? "a deputy pattern is one regular expression (HookMatcher$new(pattern = \"^run_bash$\"))" : checkDeputyPattern(matcher)),
  runtimes: ["r"],
  callbackAuthoring: { r: deputyRAuthoring },
};
