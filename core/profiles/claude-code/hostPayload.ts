import type { HostPayloadReader } from "../types";

/**
 * Claude Code's own payload of a hook point: the JSON object a command hook reads on stdin (and
 * an Agent SDK callback gets as `input`), named by its `hook_event_name` (semantics.md §3b;
 * C:sdk.d.ts `BaseHookInput` and the `*HookInput` types). Hookwright's point context is `{ input }`.
 */
export const claudeCodeHostPayload: HostPayloadReader = {
  describe: (point) => `the JSON a Claude Code hook reads on stdin (hook_event_name "${point}", session_id, transcript_path, cwd, …)`,
  read(point, value) {
    const event = value.hook_event_name;
    if (typeof event !== "string") return null;
    if (event !== point) return { problem: `this is the stdin of a ${event} hook (hook_event_name ${JSON.stringify(event)}), not of ${point}` };
    return { context: { input: value } };
  },
};
