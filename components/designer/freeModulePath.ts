import type { Pipeline } from "~/core/pipeline/schema";

/** A free path for a new module: src/util.ts, src/util2.ts, … */
export function freeModulePath(doc: Pick<Pipeline, "modules">): string {
  const taken = new Set(doc.modules.map((m) => m.path));
  if (!taken.has("src/util.ts")) return "src/util.ts";
  for (let n = 2; ; n++) if (!taken.has(`src/util${n}.ts`)) return `src/util${n}.ts`;
}
