import { z } from "zod";
import type { Scenario } from "~/core/pipeline/schema";
import { createLineSplitter, createSessionImport, SessionImportError, type SessionImportSummary } from "~/core/sessions";
import { BodyTooLargeError } from "~/server/http/bodyLimit";

/**
 * The first line of a `sessions.import` upload: what to do with the file that follows it. The file
 * itself follows as is, so the browser sends `new Blob([options + "\n", file])` without reading it.
 */
export const sessionUploadOptionsSchema = z.object({
  pipelineId: z.string().min(1).max(100),
  fileName: z.string().min(1).max(1000),
  name: z.string().min(1).max(200).optional(),
  branch: z.string().min(1).max(1000).nullable().default(null),
  keepSecrets: z.boolean().default(false),
  skipBadLines: z.boolean().default(false),
});
export type SessionUploadOptions = z.infer<typeof sessionUploadOptionsSchema>;

export type SessionUploadResult =
  | { ok: true; scenario: Scenario; summary: SessionImportSummary }
  | { ok: false; code: SessionImportError["code"] | "BAD_OPTIONS" | "TOO_LARGE"; message: string };

/**
 * Reads an upload line by line (never the whole file at once): the options line, then the session
 * JSONL through the host's reader. `profileOf` gives the profile of the pipeline named in the
 * options (so a session of another host says what does not map) and the names already taken.
 * Problems the user can act on (bad lines, a missing branch, an unknown format, too large) are
 * returned as data for the import dialog.
 */
export async function importSessionUpload(
  stream: ReadableStream<Uint8Array>,
  deps: { limit: number; pipeline: (id: string) => { profile: string; uniqueName: (base: string) => string }; now?: () => Date },
): Promise<SessionUploadResult> {
  let options: SessionUploadOptions | null = null;
  let importer: ReturnType<typeof createSessionImport> | null = null;
  let optionsProblem: string | null = null;
  // The file's own line numbers start after the options line.
  const splitter = createLineSplitter((line) => {
    if (optionsProblem !== null) return;
    if (importer) return importer.line(line);
    const parsed = sessionUploadOptionsSchema.safeParse(safeJson(line));
    if (!parsed.success) {
      optionsProblem = `the upload's first line is not the import options: ${parsed.error.issues.map((i) => `${i.path.join(".") || "options"}: ${i.message}`).join("; ")}`;
      return;
    }
    options = parsed.data;
    importer = createSessionImport({ fileName: options.fileName, badLines: options.skipBadLines ? "skip" : "refuse" });
  });
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let total = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      total += value.byteLength;
      if (total > deps.limit) {
        await reader.cancel();
        throw new BodyTooLargeError(deps.limit, null);
      }
      splitter.push(decoder.decode(value, { stream: true }));
    }
    splitter.push(decoder.decode());
    splitter.end();
    if (optionsProblem !== null) return { ok: false, code: "BAD_OPTIONS", message: optionsProblem };
    const opts = options as SessionUploadOptions | null;
    if (!opts || !importer) return { ok: false, code: "EMPTY", message: "the upload is empty" };
    const target = deps.pipeline(opts.pipelineId);
    const base = opts.name ?? opts.fileName.replace(/\.jsonl$/i, "");
    const { scenario, summary } = (importer as ReturnType<typeof createSessionImport>).finish({
      name: target.uniqueName(base),
      branch: opts.branch,
      keepSecrets: opts.keepSecrets,
      profile: target.profile,
      importedAt: (deps.now?.() ?? new Date()).toISOString(),
    });
    return { ok: true, scenario, summary };
  } catch (error) {
    if (error instanceof SessionImportError) return { ok: false, code: error.code, message: error.message };
    if (error instanceof BodyTooLargeError) return { ok: false, code: "TOO_LARGE", message: `${error.message} Import larger session files with the CLI: hookwright import-session FILE.jsonl --pipeline P.json` };
    throw error;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return null;
  }
}
