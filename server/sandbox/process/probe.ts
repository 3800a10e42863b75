/**
 * Whether this machine can run the process sandbox: bwrap present, prlimit present, and a real
 * sandboxed `true` succeeding (user namespaces can be disabled by the kernel, an AppArmor policy
 * or a container's seccomp profile, which only trying shows).
 */
import { findBwrap } from "./hostFacts";

export type ProcessSandboxProbe =
  | { readonly available: true; readonly bwrap: string; readonly prlimit: string; readonly version: string }
  | { readonly available: false; readonly reason: string; readonly fix: string };

/** Runs the trial sandbox; injected so the probe's logic can be tested without one. */
export type TrialRun = (tools: { bwrap: string; prlimit: string }) => Promise<{ ok: true; version: string } | { ok: false; stderr: string }>;

const USERNS_FIX =
  "allow unprivileged user namespaces (Debian/Ubuntu: `sysctl -w kernel.unprivileged_userns_clone=1`; Ubuntu 24.04+: `sysctl -w kernel.apparmor_restrict_unprivileged_userns=0`; in Docker: run with `--security-opt seccomp=unconfined --security-opt apparmor=unconfined`)";

/** What the probe reads of the machine; injected in tests. */
export interface ProbeDeps {
  readonly platform: NodeJS.Platform;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** A system tool's path, or null. */
  readonly findTool: (name: string) => string | null;
  /** Runs a sandboxed `true` with the found tools. */
  readonly trial: TrialRun;
}

/** What bwrap says when the kernel, AppArmor or a container's seccomp profile refuses user namespaces. */
const NAMESPACE_REFUSAL = /namespace|uid map|gid map|Operation not permitted|No permissions/i;

const SETUP_FIX =
  "make the temporary folder (TMPDIR) readable by the user that runs bwrap (`nobody` when the server runs as root), or set HOOKWRIGHT_BWRAP to a working bwrap";

/**
 * Tells whether the process sandbox can run here, and if not, why and what to do.
 */
export async function probeWith(deps: ProbeDeps): Promise<ProcessSandboxProbe> {
  const { platform, env, findTool, trial } = deps;
  if (platform !== "linux") {
    return { available: false, reason: `command hooks need Linux namespaces, and this server runs on ${platform}`, fix: "run Hookwright on Linux (or in a Linux container) with bubblewrap installed" };
  }
  const bwrap = findBwrap(env, findTool);
  if (bwrap.path === null) {
    return bwrap.configured
      ? { available: false, reason: `HOOKWRIGHT_BWRAP is ${bwrap.configured}, which is not an executable file`, fix: "point HOOKWRIGHT_BWRAP at bwrap or unset it" }
      : { available: false, reason: "bubblewrap (bwrap) is not installed", fix: "apt-get install bubblewrap" };
  }
  const prlimit = findTool("prlimit");
  if (prlimit === null) return { available: false, reason: "prlimit (util-linux), which sets the sandbox's limits, is not installed", fix: "apt-get install util-linux" };
  const outcome = await trial({ bwrap: bwrap.path, prlimit });
  if (!outcome.ok) {
    const said = outcome.stderr.trim().split("\n").slice(-1)[0] || "it failed without saying why";
    return NAMESPACE_REFUSAL.test(said)
      ? { available: false, reason: `bwrap cannot create namespaces here: ${said}`, fix: USERNS_FIX }
      : { available: false, reason: `bwrap cannot set a sandbox up here: ${said}`, fix: SETUP_FIX };
  }
  return { available: true, bwrap: bwrap.path, prlimit, version: outcome.version };
}
