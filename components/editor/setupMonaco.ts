import { loader } from "@monaco-editor/react";
import * as monaco from "monaco-editor/editor";
import "monaco-editor/features/register.all";
import "monaco-editor/languages/definitions/typescript/register";
// Command hooks' scripts: highlighting only (see configureTypeScript for JavaScript's checks).
import "monaco-editor/languages/definitions/shell/register";
import "monaco-editor/languages/definitions/python/register";
// deputy's hooks are R closures.
import "monaco-editor/languages/definitions/r/register";
import "monaco-editor/languages/definitions/javascript/register";
import * as typescript from "monaco-editor/languages/features/typescript/register";

/*
 * Monaco, bundled from node_modules. Importing this module is what pulls Monaco into the
 * page, so only the lazily loaded editor imports it; the designer's first load stays small.
 *
 * - Only the editor core, its features, the TypeScript language and the languages of command
 *   hooks' scripts (shell, Python, JavaScript) and R (deputy's hooks) are included, not Monaco's seventy others.
 * - The workers are bundled too (`new Worker(new URL(…, import.meta.url))` is what Next's
 *   bundlers recognise), so nothing is fetched from a CDN.
 * - @monaco-editor/react would otherwise inject a <script> from jsDelivr; `loader.config`
 *   hands it this instance instead.
 */

declare global {
  interface Window {
    MonacoEnvironment?: monaco.Environment;
  }
}

self.MonacoEnvironment = {
  getWorker(_workerId: string, label: string): Worker {
    if (label === "typescript" || label === "javascript") {
      return new Worker(new URL("./workers/tsWorker.ts", import.meta.url), { type: "module", name: label });
    }
    return new Worker(new URL("./workers/editorWorker.ts", import.meta.url), { type: "module", name: label });
  },
};

// The loader types its option as the full `monaco-editor` namespace; the tree-shaken
// `monaco-editor/editor` entry is the same runtime API without the bundled language namespaces.
loader.config({ monaco: monaco as unknown as Parameters<typeof loader.config>[0]["monaco"] });

export { monaco, typescript };
export type Monaco = typeof monaco;
