import type { HostSettingSpec, Profile } from "../types";
import { openclawEdges, openclawGroups, openclawNodes } from "./graph";
import { checkToolMatcher } from "./matcher";
import { OPENCLAW_TYPES_MODULE, openclawPoints } from "./points";
import { openclawSharedTypes } from "./sharedTypes";

export { OPENCLAW_EDGES } from "./graph";
export { checkToolMatcher, matcherCovers } from "./matcher";

/** Hooks the loader treats as conversation hooks (O:dist/hooks-CKanWLsK.mjs:453-469), among this profile's points. */
const CONVERSATION_POINTS = ["before_model_resolve", "before_prompt_build", "before_agent_reply", "llm_input", "llm_output", "before_agent_finalize", "agent_end", "before_agent_run"];

/**
 * The plugin settings that decide whether the loader registers a hook at all
 * (O:dist/loader-runtime-load-CMBCNIWa.mjs:4285-4300). `{pluginId}` and `{hook}` are filled in
 * with the plugin's id and the hook point in the reason shown on a gated hook's row.
 */
const openclawSettings: HostSettingSpec[] = [
  {
    id: "allowPromptInjection",
    label: "allowPromptInjection",
    default: true,
    requires: true,
    points: ["before_prompt_build"],
    reason: 'the loader drops it: typed hook "{hook}" blocked by plugins.entries.{pluginId}.hooks.allowPromptInjection=false',
    doc: "plugins.entries.<id>.hooks.allowPromptInjection. On by default; off, the loader drops prompt-mutating hooks (before_prompt_build).",
  },
  {
    id: "allowConversationAccess",
    label: "allowConversationAccess",
    default: false,
    requires: true,
    points: CONVERSATION_POINTS,
    reason: 'the loader drops it: typed hook "{hook}" blocked because non-bundled plugins must set plugins.entries.{pluginId}.hooks.allowConversationAccess=true',
    doc: `plugins.entries.<id>.hooks.allowConversationAccess. Off by default for installed (non-bundled) plugins; off, the loader silently drops the conversation hooks: ${CONVERSATION_POINTS.join(", ")}.`,
  },
];

/** OpenClaw plugin hooks (seed 003, openclaw 2026.9.6): priority-ordered handlers whose results the runner folds. */
export const openclawProfile: Profile = {
  id: "openclaw",
  name: "OpenClaw plugin hooks",
  description:
    "OpenClaw's typed plugin hooks on the embedded agent run: handlers `async (event, ctx) => result` registered with api.on, run by priority (highest first, ties in registration order); observe hooks run at once, modify hooks fold their results (first-defined, concatenated, sticky block/cancel), claims stop at the first handled, before_tool_call can block, rewrite params or ask a person for approval.",
  source: "seed 003 (OpenClaw plugin hooks docs); semantics.md §2 (openclaw 2026.9.6 createHookRunner)",
  nodes: openclawNodes,
  edges: openclawEdges,
  points: openclawPoints,
  sharedTypes: openclawSharedTypes,
  typesModule: OPENCLAW_TYPES_MODULE,
  exitReasons: ["no_tool_calls", "handled_by_hook", "blocked_by_hook", "error", "max_model_calls", "max_tool_calls", "script_exhausted", "hook_error"],
  settings: openclawSettings,
  groups: openclawGroups,
  matcherShape: "tool-ids",
  checkMatcher: (matcher) => {
    const check = checkToolMatcher(matcher);
    return check.ok ? null : check.reason;
  },
};
