import type { Pipeline } from "~/core/pipeline/schema";
import { withoutSecrets } from "~/core/pipeline/settingsSchema";

/** The file name a pipeline is exported under: `be-concise.hookwright.json`. */
export function exportFileName(name: string): string {
  const stem = name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 80);
  return `${stem || "pipeline"}.hookwright.json`;
}

/** The `hookwright.pipeline/v1` file text of a document, as people read and diff it. */
export function pipelineFileText(doc: Pipeline): string {
  // Secret environment values stay in Hookwright: the file names them with an empty value.
  return `${JSON.stringify(withoutSecrets(doc), null, 2)}\n`;
}

/** Hands `text` to the browser as a download. */
export function downloadText(fileName: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
  const a = document.createElement("a");
  a.href = url;
  a.download = fileName;
  document.body.append(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled, or some browsers cancel the download.
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}
