import type { HostPayloadReader } from "../types";

/** Codex's own payload of a hook point: the JSON a command hook reads on stdin (codex.md §5). Hookwright's point context is `{ input }`. */
export const codexHostPayload: HostPayloadReader = {
  describe: (point) => `the JSON a Codex hook reads on stdin (hook_event_name "${point}", session_id, turn_id, transcript_path, cwd, …)`,
  read(point, value) {
    const event = value.hook_event_name;
    if (typeof event !== "string") return null;
    if (event !== point) return { problem: `this is the stdin of a ${event} hook (hook_event_name ${JSON.stringify(event)}), not of ${point}` };
    return { context: { input: value } };
  },
};
