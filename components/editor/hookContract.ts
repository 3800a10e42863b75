import type { HookPointSpec, Profile } from "~/core/profiles/types";

/*
 * A hook file must default-export a function the host can call on its point. Its own code
 * may leave the return type unannotated, so TypeScript alone would not flag `return 42`.
 * Each hook gets a hidden companion file that assigns the default export to the point's
 * function type; the companion's errors are shown on the hook's `export default` line.
 */

export const CHECKS_DIR = "file:///__checks/";

export function contractUri(hookId: string): string {
  return `${CHECKS_DIR}${encodeURIComponent(hookId)}.ts`;
}

/**
 * The type names the profile's types module exports: its shared types and every context. A
 * point's return type may name any of them (`Promise<ClaimResult | void>`).
 */
export function exportedTypeNames(profile: Pick<Profile, "sharedTypes" | "points">): string[] {
  const names = new Set(profile.points.map((p) => p.contextType));
  // Declarations inside `declare module "…" { }` are exported with or without `export`.
  for (const m of profile.sharedTypes.matchAll(/^\s*(?:export\s+)?(?:declare\s+)?(?:interface|type|class|enum)\s+([A-Za-z_$][\w$]*)/gm)) {
    if (m[1]) names.add(m[1]);
  }
  return [...names].sort();
}

type ContractPoint = Pick<HookPointSpec, "contextType" | "returnType" | "hookType" | "args" | "fields">;

/**
 * The type a hook's default export must have on `point`, as the editor shows it: the point's own
 * `hookType`, else a function of the point's arguments (hosts that call `(event, ctx)` or `(input)`),
 * else of its one context object.
 */
export function hookSignature(point: ContractPoint): string {
  if (point.hookType) return point.hookType;
  const types = new Map(point.fields.map((f) => [f.name, f.type]));
  const params = point.args?.map((name) => `${name}: ${types.get(name) ?? "unknown"}`).join(", ") ?? `ctx: ${point.contextType}`;
  return `(${params}) => ${point.returnType}`;
}

/** The companion source that type-checks `hookId`'s default export against its point. */
export function contractSource(args: {
  hookId: string;
  point: ContractPoint;
  typesModule: string;
  /** Names importable from `typesModule` ({@link exportedTypeNames}); the point's context type at least. */
  typeNames: readonly string[];
}): string {
  const { point, typesModule } = args;
  // The hook model's URI is percent-encoded, and the TS worker resolves imports against URIs.
  const target = `../hooks/${encodeURIComponent(args.hookId)}`;
  const names = [...new Set([point.contextType, ...args.typeNames])].sort();
  return [
    `import type { ${names.join(", ")} } from ${JSON.stringify(typesModule)};`,
    `import hook from ${JSON.stringify(target)};`,
    `export const contract: ${hookSignature(point)} = hook;`,
    "",
  ].join("\n");
}

/** TypeScript's diagnostic message, possibly a chain of nested explanations. */
export type MessageChain = string | { messageText: string; next?: MessageChain[] };

export function flattenMessage(chain: MessageChain, indent = 0): string {
  if (typeof chain === "string") return chain;
  const head = `${"  ".repeat(indent)}${chain.messageText}`;
  const rest = (chain.next ?? []).map((n) => flattenMessage(n, indent + 1));
  return [head, ...rest].join("\n");
}

/** The message shown on the hook for one companion diagnostic (by TypeScript error code). */
export function contractMessage(args: { code: number; message: string; pointId: string; signature: string }): string {
  if (args.code === 1192 || args.code === 2613) {
    return `This file has no default export. The host calls the default-exported function of a ${args.pointId} hook.`;
  }
  return `The default export does not fit a ${args.pointId} hook, whose type is ${args.signature}.\n${args.message}`;
}

/** Where to put the contract squiggle: the `export default` line, else the first line. */
export function contractRange(code: string): { line: number; startColumn: number; endColumn: number } {
  const lines = code.split("\n");
  const i = lines.findIndex((l) => /^\s*export\s+default\b/.test(l));
  const line = lines[i < 0 ? 0 : i] ?? "";
  const start = line.search(/\S/);
  return { line: (i < 0 ? 0 : i) + 1, startColumn: start < 0 ? 1 : start + 1, endColumn: Math.max(line.length + 1, 2) };
}
