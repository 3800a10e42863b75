import type { OpenFile } from "~/components/store/designerSlice";

/*
 * Where each file of a pipeline lives in Monaco's virtual file system. Hooks sit in
 * /hooks/ like the host's own `hooks/<name>.ts`, modules at their path from the root, so a
 * hook's `import { x } from "../src/util"` resolves to the module `src/util.ts`.
 */

const HOOK_PREFIX = "file:///hooks/";

export function hookUri(hookId: string): string {
  return `${HOOK_PREFIX}${encodeURIComponent(hookId)}.ts`;
}

export function moduleUri(path: string): string {
  return `file:///${path.split("/").map(encodeURIComponent).join("/")}`;
}

export function fileUri(file: OpenFile): string {
  return file.kind === "hook" ? hookUri(file.hookId) : moduleUri(file.path);
}

/** The pipeline file a Monaco model URI stands for, or null for anything else (libs, checks). */
export function fileOfUri(uri: string): OpenFile | null {
  if (!uri.startsWith("file:///") || !uri.endsWith(".ts") || uri.startsWith("file:///__")) return null;
  if (uri.startsWith(HOOK_PREFIX)) {
    const rest = uri.slice(HOOK_PREFIX.length, -".ts".length);
    return rest.includes("/") ? null : { kind: "hook", hookId: decodeURIComponent(rest) };
  }
  return { kind: "module", path: uri.slice("file:///".length).split("/").map(decodeURIComponent).join("/") };
}
