import { filterSource, parseFilterSource } from "../profiles/claude-code-mods/filter";
import { dirnameOf, resolveRelative } from "./paths";
import { codeMatches, matchBracket, splitArguments } from "./modSourceScan";
import type { PluginFiles } from "./types";

/**
 * Reads a Claude Code mod back: a plugin folder (`.claude-plugin/plugin.json`, `hooks/hooks.json`
 * `{"modules": [...]}`) or a lone hooks module (`register.js`). Read statically, never run: the
 * engine refuses any registration it cannot read statically (facts 38–39, and a bare `$` —
 * claudeCodeMods.engine.test.ts), so the `on(...)` calls as written are the registrations, in
 * order; and importing runs none of the mod's code. Each hook becomes one middleware whose code
 * is a module with the hook as its default export.
 */

export interface ImportedModHook {
  /** The hook's function name (or its import binding). */
  name: string;
  event: string;
  /** The filter's source as Hookwright writes it (null: none). */
  filter: string | null;
  /** A module whose default export is the middleware. */
  code: string;
}

export interface ImportedMod {
  name: string;
  hooks: ImportedModHook[];
  /** The module's other files (helpers the hooks import), by path relative to the hooks module's folder. */
  modules: { path: string; code: string }[];
  warnings: string[];
}

/** A mod that cannot be read, saying what is wrong and where. */
export class ModImportError extends Error {
  override name = "ModImportError";
}

/** A plugin folder holding one hooks module. */
export function importClaudeCodeModsPlugin(files: PluginFiles): ImportedMod {
  const manifest = files.get(".claude-plugin/plugin.json");
  const hooksJson = files.get("hooks/hooks.json");
  if (typeof hooksJson !== "string") throw new ModImportError("hooks/hooks.json is missing: without it the engine loads no hooks module (fact 33)");
  const modulesField = (JSON.parse(hooksJson) as { modules?: unknown }).modules;
  if (!Array.isArray(modulesField) || modulesField.length === 0 || typeof modulesField[0] !== "string") throw new ModImportError('hooks/hooks.json has no "modules" list naming the hooks module ({"modules":["./register.js"]})');
  const warnings = modulesField.length > 1 ? [`hooks/hooks.json names ${modulesField.length} modules; only ${String(modulesField[0])} was read`] : [];
  const path = resolveRelative("hooks", modulesField[0] as string);
  const source = path ? files.get(path) : undefined;
  if (!path || typeof source !== "string") throw new ModImportError(`hooks/hooks.json names ${String(modulesField[0])}, which is not in the folder`);
  const name = typeof manifest === "string" ? String((JSON.parse(manifest) as { name?: unknown }).name ?? "mod") : "mod";
  const read = importHooksModule(name, path, files);
  return { ...read, warnings: [...warnings, ...read.warnings] };
}

/** One hooks module at `path` in `files` (other files: what it imports). */
export function importHooksModule(name: string, path: string, files: PluginFiles): ImportedMod {
  const source = files.get(path);
  if (typeof source !== "string") throw new ModImportError(`${path} is not in the folder`);
  const dir = dirnameOf(path);
  const warnings: string[] = [];
  const imports = new Map<string, string>();
  for (const m of codeMatches(source, /import\s+([A-Za-z_$][\w$]*)\s+from\s+(["'])([^"']+)\2/)) imports.set(m[1] as string, m[3] as string);
  const functions = new Map<string, string>();
  for (const m of codeMatches(source, /(?:export\s+)?(async\s+)?function\s*(\*?)\s*([A-Za-z_$][\w$]*)\s*\(/)) {
    const start = m.index + (m[0].startsWith("export") ? m[0].indexOf(m[1] ?? "function") : 0);
    const params = m.index + m[0].length - 1;
    const body = source.indexOf("{", matchBracket(source, params));
    functions.set(m[3] as string, source.slice(start, matchBracket(source, body) + 1));
  }
  const consts = new Map<string, string>();
  for (const m of codeMatches(source, /const\s+([A-Za-z_$][\w$]*)\s*=\s*(?=async\b|function\b|\()/)) {
    const arrow = source.indexOf("=>", m.index + m[0].length);
    const body = source.indexOf("{", m.index + m[0].length);
    if (body < 0 || (arrow >= 0 && arrow < body && source.slice(arrow + 2, body).trim() !== "")) continue;
    consts.set(m[1] as string, source.slice(m.index + m[0].length, matchBracket(source, body) + 1));
  }
  const hooks: ImportedModHook[] = [];
  const used = new Set<string>();
  for (const call of codeMatches(source, /(?<![\w$.])on\s*\(/)) {
    const open = call.index + call[0].length - 1;
    const args = splitArguments(source.slice(open + 1, matchBracket(source, open)));
    const event = /^(["'])(.*)\1$/.exec(args[0] ?? "")?.[2];
    const binding = args[args.length - 1] ?? "";
    if (event === undefined || args.length < 2 || args.length > 3 || !/^[A-Za-z_$][\w$]*$/.test(binding)) {
      warnings.push(`${path}: on(${args.join(", ")}) is not on("<event>", filter?, hook); the engine refuses such a module`);
      continue;
    }
    let filter: string | null = null;
    if (args.length === 3) {
      try {
        filter = filterSource(parseFilterSource(args[1] as string));
      } catch (error) {
        throw new ModImportError(`${path}: the filter of on(${JSON.stringify(event)}, …, ${binding}) cannot be read: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
    const declared = functions.get(binding);
    const bound = consts.get(binding);
    const imported = imports.get(binding);
    let code: string;
    if (declared) code = `export default ${declared}\n`;
    else if (bound) code = `export default ${bound};\n`;
    else if (imported) {
      const target = resolveRelative(dir, imported);
      const text = target ? files.get(target) : undefined;
      if (!target || typeof text !== "string") throw new ModImportError(`${path}: ${binding} is imported from ${imported}, which is not in the folder`);
      used.add(target);
      code = text;
    } else throw new ModImportError(`${path}: the hook ${binding} is not a function declared at the top of this file nor imported from one of its own files (the engine refuses it too)`);
    hooks.push({ name: binding, event, filter, code });
  }
  if (codeMatches(source, /\.catch\s*\(/).length > 0) warnings.push(`${path}: a registration's .catch handler is not imported (Hookwright runs the hook fail-open)`);
  const modules = [...files.entries()].flatMap(([p, text]) => (typeof text === "string" && p !== path && !used.has(p) && p.startsWith(`${dir}/`) && /\.(m?[jt]sx?)$/.test(p) ? [{ path: p.slice(dir.length + 1), code: text }] : []));
  return { name, hooks, modules, warnings };
}
