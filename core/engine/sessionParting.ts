import type { Scenario } from "../pipeline/schema";
import type { TraceEvent } from "../trace/events";
import { canonicalJson as canonical } from "../canonicalJson";

/** The first tool call of a replayed session that the run's hooks blocked, answered or rewrote. */
export interface SessionParting {
  toolUseId: string;
  name: string;
  how: "claimed" | "rewritten";
}

export interface SessionPartingWatch {
  /** Every event the run records, in order. */
  observe(event: TraceEvent): void;
  /** The parting seen so far, once the tool phase that made it is over; null while the run still follows the session. */
  parted(): SessionParting | null;
}

/**
 * Watches a run of a scenario imported from a session (scenario.source) for the step where it stops
 * being the session: the first tool call a hook claims (denies, answers) or runs with another input
 * than the session's. After that step the scripted replies answer what the model saw in the session,
 * not what it would see now, so the run stops replaying there unless the scenario says to continue
 * (`source.afterParting: "continue"`). Null for any other scenario: nothing to watch.
 */
export function createSessionPartingWatch(scenario: Scenario): SessionPartingWatch | null {
  if (scenario.source?.kind !== "session" || scenario.source.afterParting === "continue" || scenario.model.kind !== "scripted") return null;
  const responses = scenario.model.responses;
  // The session's input for each tool call id of the scripted replies received so far.
  const recorded = new Map<string, string>();
  const names = new Map<string, string>();
  let parting: SessionParting | null = null;
  return {
    observe(event) {
      if (parting !== null) return;
      if (event.type === "model.response") {
        const scripted = responses[event.call - 1];
        if (scripted && !("error" in scripted)) for (const b of scripted.content) if (b.type === "tool_use") recorded.set(b.id, canonical(b.input));
      } else if (event.type === "tool.result" && event.claimedBy !== undefined) {
        parting = { toolUseId: event.toolUseId, name: names.get(event.toolUseId) ?? event.toolUseId, how: "claimed" };
      } else if (event.type === "tool.call") {
        names.set(event.toolUseId, event.name);
        const input = recorded.get(event.toolUseId);
        if (input !== undefined && input !== canonical(event.input)) parting = { toolUseId: event.toolUseId, name: event.name, how: "rewritten" };
      }
    },
    parted: () => parting,
  };
}
