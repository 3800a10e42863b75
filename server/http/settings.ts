import { allowedHosts, isLoopbackName, type HostName } from "./hosts";

/*
 * The security settings of this server process, read once from its environment:
 * HOST and PORT (what `npm start` binds; scripts/start.mjs passes both on to `next start`),
 * HOOKWRIGHT_ALLOWED_HOSTS, and whether an access token is required (HOST is not loopback).
 */

export interface ServerSettings {
  bindHost: string;
  port: string;
  allowedHosts: HostName[];
  /** True when the server is reachable from other machines: every request must carry the access token. */
  tokenRequired: boolean;
}

export function serverSettingsFrom(env: Readonly<Record<string, string | undefined>>): ServerSettings {
  const bindHost = env.HOST?.trim() || "127.0.0.1";
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
