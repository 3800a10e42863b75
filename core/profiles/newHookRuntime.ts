import type { HookRuntime } from "../pipeline/runtimeSchema";
import type { Profile } from "./types";

/**
 * The runtime a new hook of `profile` gets: none (a sandboxed TypeScript function) where the host
 * takes functions, else the host's own language when it needs no more settings (deputy: R). A
 * command needs a command line, so a host of commands only gets no default here.
 *
 * @example newHookRuntime(deputyProfile) // { kind: "r" }
 */
export function newHookRuntime(profile: Pick<Profile, "runtimes">): HookRuntime | undefined {
  const kinds = profile.runtimes ?? ["function"];
  if (kinds.includes("function")) return undefined;
  for (const kind of kinds) {
    if (kind === "r") return { kind: "r" };
    if (kind === "python") return { kind: "python" };
  }
  return undefined;
}
