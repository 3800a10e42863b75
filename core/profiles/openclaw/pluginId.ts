/**
 * The id an OpenClaw plugin made from a pipeline registers its hooks under: the pipeline's
 * name in lower case, runs of anything but letters and digits turned into "-" (e.g.
 * "Web search approval" → "web-search-approval"; "plugin" when nothing is left). The host
 * stamps it on approval requests and names it in hook failures; the exporter writes it as
 * openclaw.plugin.json's `id`.
 */
export function openclawPluginId(pipelineName: string): string {
  const slug = pipelineName
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return slug || "plugin";
}
