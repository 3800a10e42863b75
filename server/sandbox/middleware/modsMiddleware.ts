import type { LogEntry } from "../../../core/trace/events";
import { openModsRealm, type ModFiles } from "./modsRealm";
import type { MiddlewareRealm, MiddlewareRealmOptions } from "./realms";

/**
 * A point's hooks as Claude Code mods, run as they are in QuickJS (modsRealm.ts): each hook is a
 * mod of its own whose `register` Hookwright writes as the exporter does
 * (`on(event, hook)`, the hook imported from its own file), so each runs in a realm of its own
 * with `$` and deeply frozen events, and its `$.ui.log` / `console` lines are its card's logs.
 * The filters are matched by the loop (Profile.matchHook) before the chain, not here.
 */
export async function openModsMiddleware(options: MiddlewareRealmOptions): Promise<MiddlewareRealm> {
  const plugins = new Map<string, string>();
  const mods: ModFiles[] = options.hooks.map((hook, index) => {
    const plugin = `hook${index + 1}`;
    plugins.set(hook.id, plugin);
    const files = new Map(options.files);
    files.set("register.ts", `import hook from "./${hook.path}";\nexport const register = (on) => {\n  on(${JSON.stringify(options.event)}, hook);\n};\n`);
    return { plugin, entry: "register.ts", files };
  });
  const realm = await openModsRealm(mods, { budgetMs: options.budgetMs, memoryBytes: options.memoryBytes });
  const registration = new Map(realm.registrations.map((r) => [r.plugin, r.id]));
  const refused = new Map(realm.refused.map((r) => [r.plugin, r.reason]));
  let uiFrom = 0;
  let consoleFrom = 0;
  return {
    async invoke(hookId, event, next) {
      const plugin = plugins.get(hookId);
      const id = plugin === undefined ? undefined : registration.get(plugin);
      if (plugin === undefined || id === undefined) throw new Error(`the mod could not be loaded: ${(plugin && refused.get(plugin)) ?? `no hook ${hookId} on ${options.event}`}`);
      return realm.invoke(id, event, next);
    },
    startChain() {
      uiFrom = realm.uiLogs.length;
      consoleFrom = realm.consoleLogs.length;
    },
    logsOf(hookId) {
      const prefix = `${plugins.get(hookId) ?? hookId}: `;
      const pick = (lines: string[], from: number, level: LogEntry["level"], label: string): LogEntry[] =>
        lines.slice(from).flatMap((line) => (line.startsWith(prefix) ? [{ level, message: `${label}${line.slice(prefix.length)}` }] : []));
      return [...pick(realm.uiLogs, uiFrom, "info", "$.ui.log: "), ...pick(realm.consoleLogs, consoleFrom, "log", "")];
    },
    dispose: () => realm.dispose(),
  };
}
