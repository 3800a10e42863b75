import { moduleSchema, type Pipeline } from "~/core/pipeline/schema";

/*
 * Module path rules come from the file format's zod schema, so the UI says exactly what the
 * server would. This file pulls zod in: the designer imports it lazily, when a path is
 * committed, to keep zod out of the designer's first load.
 */

/** Why `path` cannot name a module (format, reserved, taken), or null when it can. */
export function modulePathProblem(doc: Pick<Pipeline, "modules">, path: string, current: string | null = null): string | null {
  const parsed = moduleSchema.shape.path.safeParse(path);
  if (!parsed.success) return parsed.error.issues[0]?.message ?? "This is not a valid module path.";
  if (path !== current && doc.modules.some((m) => m.path === path)) return `A module ${path} already exists.`;
  return null;
}

