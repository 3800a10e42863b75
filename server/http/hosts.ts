import { networkInterfaces } from "node:os";

/*
 * Which Host (and Origin) names this server answers to.
 *
 * A web page can make the browser send requests to 127.0.0.1 under a name it controls (DNS
 * rebinding: evil.example resolves to 127.0.0.1 after the page loaded). The browser then treats
 * the server as evil.example's own, and the only trace of the trick is the Host header. So a
 * request is served only when its Host names this server: the address it is bound to, the
 * loopback names, or a name the operator listed in HOOKWRIGHT_ALLOWED_HOSTS (a reverse proxy's
 * public name).
 */

/** A name with an optional port; a pattern without a port allows any port. */
export interface HostName {
  name: string;
  port: string | null;
}

const LOOPBACK_NAMES = ["localhost", "127.0.0.1", "[::1]"];

/** `name`, `name:port`, `[v6]`, `[v6]:port` (lower-cased); null when it is not a host. */
export function parseHost(value: string): HostName | null {
  const text = value.trim().toLowerCase();
  const match = /^(\[[0-9a-f:.]+\]|[a-z0-9_.-]+)(?::(\d{1,5}))?$/.exec(text);
  if (!match?.[1]) return null;
  return { name: match[1], port: match[2] ?? null };
}

/** `::1` → `[::1]`, so addresses compare the way they appear in a Host header. */
function bracketed(address: string): string {
  return address.includes(":") && !address.startsWith("[") ? `[${address}]` : address;
}

/** True for names that can only reach this machine: localhost, 127.0.0.0/8, ::1. */
export function isLoopbackName(name: string): boolean {
  const n = bracketed(name.trim().toLowerCase());
  return n === "localhost" || n === "[::1]" || /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(n);
}

const isWildcard = (address: string) => ["0.0.0.0", "::", "[::]", ""].includes(address.trim());

/** The machine's own addresses, which a server bound to 0.0.0.0 or :: is reached by. */
function interfaceAddresses(): string[] {
  return Object.values(networkInterfaces())
    .flat()
    .flatMap((i) => (i ? [i.address.split("%")[0] ?? i.address] : []));
}

/**
 * The allow-list: the bound address and port, the loopback names with that port, the machine's
 * addresses when bound to every interface, and each entry of HOOKWRIGHT_ALLOWED_HOSTS
 * (comma-separated `name` or `name:port`; no port allows any).
 */
export function allowedHosts(options: { bindHost: string; port: string; extra: string | undefined; addresses?: () => string[] }): HostName[] {
  const { bindHost, port } = options;
  const names = new Set(LOOPBACK_NAMES);
  if (isWildcard(bindHost)) for (const a of (options.addresses ?? interfaceAddresses)()) names.add(bracketed(a).toLowerCase());
  else names.add(bracketed(bindHost.toLowerCase()));
  const patterns: HostName[] = [...names].map((name) => ({ name, port }));
  for (const entry of (options.extra ?? "").split(",")) {
    if (entry.trim() === "") continue;
    const parsed = parseHost(entry);
    if (parsed) patterns.push(parsed);
  }
  return patterns;
}

/** Whether `host` matches an entry of `allowed`; a host without a port is on the scheme's default port. */
export function isHostAllowed(host: HostName, allowed: readonly HostName[]): boolean {
  return allowed.some((p) => p.name === host.name && (p.port === null || p.port === host.port || (host.port === null && (p.port === "80" || p.port === "443"))));
}
