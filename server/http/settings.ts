import { allowedHosts, isLoopbackName, type HostName } from "./hosts";

/*
 * The security settings of this server process, read once from its environment:
 * HOST and PORT (what `npm start` binds; scripts/start.mjs passes both on to `next start`, and
 * Next itself sets PORT to the port it listens on), HOOKWRIGHT_ALLOWED_HOSTS, and whether an
 * access token is required (the server is not bound to loopback only).
 *
 * Without HOST, the address comes from the origin Next records for itself. Next writes
 * `localhost` there both for `-H localhost` and for no `-H` at all (which listens on every
 * interface), so that case cannot be told apart and counts as exposed: the token is required.
 */

export interface ServerSettings {
  bindHost: string;
  port: string;
  allowedHosts: HostName[];
  /** True when the server is reachable from other machines: every request must carry the access token. */
  tokenRequired: boolean;
}

/** The address this server was started on, or null when it cannot be known. */
function boundHost(env: Readonly<Record<string, string | undefined>>): string | null {
  const configured = env.HOST?.trim();
  if (configured) return configured;
  try {
    const recorded = new URL(env.__NEXT_PRIVATE_ORIGIN ?? "").hostname;
    return recorded === "localhost" || recorded === "[::1]" ? null : recorded;
  } catch {
    return null;
  }
}

export function serverSettingsFrom(env: Readonly<Record<string, string | undefined>>): ServerSettings {
  const known = boundHost(env);
  const bindHost = known ?? "0.0.0.0";
  const port = env.PORT?.trim() || "3000";
  return {
    bindHost,
    port,
    allowedHosts: allowedHosts({ bindHost, port, extra: env.HOOKWRIGHT_ALLOWED_HOSTS }),
    tokenRequired: !isLoopbackName(bindHost),
  };
}

let cached: ServerSettings | undefined;

/** This process's settings (computed on first use). */
export function serverSettings(): ServerSettings {
  cached ??= serverSettingsFrom(process.env);
  return cached;
}
