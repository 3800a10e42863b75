import { moduleSchema, type Pipeline } from "~/core/pipeline/schema";

/** Why `path` cannot name a module (format, reserved, taken), or null when it can. */
export function modulePathProblem(doc: Pick<Pipeline, "modules">, path: string, current: string | null = null): string | null {
  const parsed = moduleSchema.shape.path.safeParse(path);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "This is not a valid module path.";
  if (path !== current && doc.modules.some((m) => m.path === path)) return `A module ${path} already exists.`;
  return null;
}

/** A free path for a new module: src/util.ts, src/util2.ts, … */
export function freeModulePath(doc: Pick<Pipeline, "modules">): string {
  const taken = new Set(doc.modules.map((m) => m.path));
  if (!taken.has("src/util.ts")) return "src/util.ts";
  for (let n = 2; ; n++) if (!taken.has(`src/util${n}.ts`)) return `src/util${n}.ts`;
}
