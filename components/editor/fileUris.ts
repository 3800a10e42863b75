import type { OpenFile } from "~/components/store/designerSlice";
import type { CommandLanguage, RuntimeKind } from "~/core/pipeline/runtimeSchema";
import type { Hook } from "~/core/pipeline/schema";

/*
 * Where each file of a pipeline lives in Monaco's virtual file system. Hooks sit in
 * /hooks/ like the host's own `hooks/<name>.ts`, modules at their path from the root, so a
 * hook's `import { x } from "../src/util"` resolves to the module `src/util.ts`. A command hook's
 * script gets its language's extension (`/hooks/guard.py`), and so does a Python hook, so
 * TypeScript never checks them.
 */

const HOOK_PREFIX = "file:///hooks/";

/** A command script's extension and Monaco language, by its language. */
const commandFiles: Record<CommandLanguage, { ext: string; language: string }> = {
  bash: { ext: ".sh", language: "shell" },
  sh: { ext: ".sh", language: "shell" },
  python: { ext: ".py", language: "python" },
  node: { ext: ".js", language: "javascript" },
  other: { ext: ".txt", language: "plaintext" },
};
/** Hooks in their host's own language (not a command script): their file, by runtime kind. */
const runtimeFiles: Readonly<Partial<Record<RuntimeKind, { ext: string; language: string }>>> = { python: { ext: ".py", language: "python" }, r: { ext: ".R", language: "r" } };
const HOOK_EXTENSIONS = [".ts", ...new Set([...Object.values(commandFiles), ...Object.values(runtimeFiles)].map((f) => f.ext))];

export function hookUri(hookId: string, ext = ".ts"): string {
  return `${HOOK_PREFIX}${encodeURIComponent(hookId)}${ext}`;
}

export function moduleUri(path: string): string {
  return `file:///${path.split("/").map(encodeURIComponent).join("/")}`;
}

/** A hook's model: its URI, Monaco language, and whether it is TypeScript checked against its point. */
export interface HookFile {
  uri: string;
  language: string;
  typed: boolean;
}

export function hookFile(hook: Pick<Hook, "id" | "runtime">): HookFile {
  const own = hook.runtime ? runtimeFiles[hook.runtime.kind] : undefined;
  if (own) return { uri: hookUri(hook.id, own.ext), language: own.language, typed: false };
  if (hook.runtime?.kind !== "command") return { uri: hookUri(hook.id), language: "typescript", typed: true };
  const { ext, language } = commandFiles[hook.runtime.language];
  return { uri: hookUri(hook.id, ext), language, typed: false };
}

/** The model of an open file: a hook's per its runtime, a module's TypeScript. */
export function openFileModel(file: OpenFile, hooks: readonly Pick<Hook, "id" | "runtime">[]): HookFile {
  if (file.kind === "module") return { uri: moduleUri(file.path), language: "typescript", typed: true };
  const hook = hooks.find((h) => h.id === file.hookId);
  return hook ? hookFile(hook) : { uri: hookUri(file.hookId), language: "typescript", typed: true };
}

/** The pipeline file a Monaco model URI stands for, or null for anything else (libs, checks). */
export function fileOfUri(uri: string): OpenFile | null {
  if (!uri.startsWith("file:///") || uri.startsWith("file:///__")) return null;
  if (uri.startsWith(HOOK_PREFIX)) {
    const ext = HOOK_EXTENSIONS.find((e) => uri.endsWith(e));
    if (!ext) return null;
    const rest = uri.slice(HOOK_PREFIX.length, -ext.length);
    return rest.includes("/") ? null : { kind: "hook", hookId: decodeURIComponent(rest) };
  }
  if (!uri.endsWith(".ts")) return null;
  return { kind: "module", path: uri.slice("file:///".length).split("/").map(decodeURIComponent).join("/") };
}
