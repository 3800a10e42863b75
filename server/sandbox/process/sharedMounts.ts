/**
 * The part of every sandbox that does not change between calls, read once per server process:
 * how the host lays out its system (`/bin` → `usr/bin`, …), which /etc entries it has to bind,
 * and where the server's node is.
 */
import type { SandboxMounts } from "./bwrapArgs";
import { etcBinds, nodeBinary, rootEntries } from "./hostFacts";

type Shared = Pick<SandboxMounts, "rootEntries" | "etcBinds" | "nodeBinary">;

let shared: Shared | null = null;

export function sharedMounts(): Shared {
  shared ??= { rootEntries: rootEntries(), etcBinds: etcBinds(), nodeBinary: nodeBinary() };
  return shared;
}
