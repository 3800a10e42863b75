import { uniqueHookId, uniqueHookName } from "~/core/pipeline/changes";
import type { Hook, Pipeline } from "~/core/pipeline/schema";
import { newHookRuntime } from "~/core/profiles/newHookRuntime";
import type { HookPointSpec, Profile } from "~/core/profiles/types";

export type NewHookKind = "template" | "blank";

function functionName(name: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(Boolean);
  const camel = words.map((w, i) => (i === 0 ? w.toLowerCase() : w[0]?.toUpperCase() + w.slice(1).toLowerCase())).join("");
  return /^[A-Za-z_$]/.test(camel) ? camel : `hook${camel}`;
}

/** A typed, empty hook for `point`: the context imported from the profile's types module. */
export function blankHookCode(point: Pick<HookPointSpec, "contextType" | "returnType">, typesModule: string, name: string): string {
  return [
    `import type { ${point.contextType} } from ${JSON.stringify(typesModule)};`,
    "",
    `export default async function ${functionName(name)}(ctx: ${point.contextType}): ${point.returnType} {`,
    "}",
    "",
  ].join("\n");
}

/**
 * A new hook on `point`, named after it (numbered when taken), starting from the profile's
 * template or a blank typed function, with priority/matcher fields where the point has them.
 */
export function newHook(args: { doc: Pipeline; profile: Pick<Profile, "typesModule" | "runtimes">; point: HookPointSpec; kind: NewHookKind }): Hook {
  const { doc, profile, point, kind } = args;
  const name = uniqueHookName(doc, point.id, point.id);
  // A host that takes no functions (deputy: R) gets its own language; its template is its blank hook.
  const runtime = newHookRuntime(profile);
  return {
    id: uniqueHookId(doc, name),
    point: point.id,
    name,
    enabled: true,
    code: kind === "template" || runtime ? point.template : blankHookCode(point, profile.typesModule, name),
    priority: point.hasPriority ? 0 : null,
    matcher: null,
    ...(runtime ? { runtime } : {}),
  };
}

/** Why `name` cannot be a hook's name on `point` (empty, too long, taken), or null when it can. */
export function hookNameProblem(args: { doc: Pipeline; point: string; hookId: string; name: string }): string | null {
  const name = args.name.trim();
  if (!name) return "A hook needs a name.";
  if (name.length > 120) return "A hook name has at most 120 characters.";
  const taken = args.doc.hooks.some((h) => h.point === args.point && h.id !== args.hookId && h.name === name);
  return taken ? `Another hook on ${args.point} is already called “${name}”.` : null;
}
