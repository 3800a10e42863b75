import { HOST_MODULE_EXPORTS, HOST_MODULE_SCRIPTS } from "./hostModules.generated";
import { HOST_UNIT_PREFIX } from "./hostModuleFiles";

/**
 * Host modules as the sandbox's module loader sees them: a profile declares, as data, which
 * bare specifier a hook imports a host module by (`Profile.hostModules`, e.g. Vellum's
 * `"@vellumai/plugin-api": "vellum/plugin-api"`); the loader then answers that specifier with a
 * small ESM wrapper around the realm's unit, as for Node's built-ins (node/builtins.ts).
 */

/** specifier -> host module id, as the run's profile declares them. */
export type HostModuleMap = Readonly<Record<string, string>>;

/** The loader name of `specifier` when the run's profile provides it as a host module, else null. */
export function resolveHostModule(specifier: string, modules: HostModuleMap): string | null {
  if (!Object.hasOwn(modules, specifier)) return null;
  const id = modules[specifier];
  return id !== undefined && Object.hasOwn(HOST_MODULE_SCRIPTS, id) ? `${HOST_UNIT_PREFIX}${id}` : null;
}

/** The ESM source the loader hands QuickJS for loader name `name` (`host:vellum/plugin-api`), or null. */
export function hostModuleWrapper(name: string): string | null {
  if (!name.startsWith(HOST_UNIT_PREFIX)) return null;
  const id = name.slice(HOST_UNIT_PREFIX.length);
  const names = Object.hasOwn(HOST_MODULE_EXPORTS, id) ? HOST_MODULE_EXPORTS[id] : undefined;
  if (!names) return null;
  const lines = [`const m = globalThis[Symbol.for("hookwright.builtin")](${JSON.stringify(name)});`, "export default m;"];
  if (names.length > 0) lines.push(`export const ${names.map((n) => `${n} = m.${n}`).join(", ")};`);
  return lines.join("\n");
}

/** The script of unit `name` when it is one of `modules`' host modules, else null (the surface serves only what the run's profile declares). */
export function hostModuleScript(name: string, modules: HostModuleMap): string | null {
  if (!name.startsWith(HOST_UNIT_PREFIX)) return null;
  const id = name.slice(HOST_UNIT_PREFIX.length);
  if (!Object.values(modules).includes(id)) return null;
  return Object.hasOwn(HOST_MODULE_SCRIPTS, id) ? (HOST_MODULE_SCRIPTS[id] ?? null) : null;
}
