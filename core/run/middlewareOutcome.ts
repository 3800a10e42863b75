import type { HookEndEvent } from "../trace/events";

/**
 * Whether a middleware hook's `hook.end` says the chain never reached it, and whose answer stopped
 * it. core/engine/firePoint.ts records such a hook like the others (a hook.start, a hook.end with
 * an empty patch) so its card keeps its place in the chain, with `middleware.outcome` "not-reached".
 *
 * @returns null when the hook ran; else the id of the hook whose answer stopped the chain (null: none named)
 */
export function notReachedBy(event: Pick<HookEndEvent, "middleware">): { by: string | null } | null {
  return event.middleware?.outcome === "not-reached" ? { by: event.middleware.stoppedBy } : null;
}

/** What a middleware answered without next, from its card's decision ("answered: deny \"R\"" → `deny "R"`); null for any other decision. */
export function middlewareAnswer(decision: unknown): string | null {
  if (typeof decision !== "string") return null;
  const match = /^answered: (.+)$/s.exec(decision);
  return match?.[1] ?? null;
}
