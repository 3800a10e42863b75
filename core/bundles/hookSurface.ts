/**
 * Which files of a plugin the host treats as hooks, mirroring `listSurfaceDir`
 * (`V:src/plugins/external-plugin-loader.ts:155-181`): the `.js`/`.ts` files directly in
 * `hooks/`, `.d.ts` skipped, `.js` winning over `.ts` for the same basename, sorted by
 * basename; the basename is the hook name.
 */
export interface SurfaceFile {
  name: string;
  path: string;
}

export function listSurface(paths: Iterable<string>, folder: "hooks" | "tools"): SurfaceFile[] {
  const byBase = new Map<string, string>();
  const prefix = `${folder}/`;
  for (const path of paths) {
    if (!path.startsWith(prefix)) continue;
    const entry = path.slice(prefix.length);
    if (entry.includes("/") || entry.endsWith(".d.ts")) continue;
    if (!entry.endsWith(".js") && !entry.endsWith(".ts")) continue;
    const base = entry.slice(0, -3);
    const existing = byBase.get(base);
    if (existing === undefined || (existing.endsWith(".ts") && entry.endsWith(".js"))) byBase.set(base, path);
  }
  return [...byBase.keys()].sort().flatMap((name) => {
    const path = byBase.get(name);
    return path === undefined ? [] : [{ name, path }];
  });
}
