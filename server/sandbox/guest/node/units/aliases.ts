import type { UnitEnv } from "../unitEnv";

/**
 * Guest units that are another module's part under a name of their own (`assert/strict`,
 * `util/types`, `path/posix`, `node:process`'s sibling names): each returns that part, so both
 * names give the same object, as in Node. The bundler builds one unit per alias from this file.
 */
export const ALIASES: Record<string, readonly [string, string | null]> = {
  "assert/strict": ["assert", "strict"],
  "util/types": ["util", "types"],
  "path/posix": ["path", null],
};

export function alias(env: UnitEnv, name: string): Record<string, unknown> {
  const target = ALIASES[name];
  if (!target) throw new Error(`the sandbox has no module ${name}`);
  const exports = env.unit(target[0]);
  return target[1] === null ? exports : (exports[target[1]] as Record<string, unknown>);
}
