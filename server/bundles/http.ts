import { BundleError } from "~/core/bundles/errors";
import { withDefaultScenario } from "~/core/profiles/scenarios";
import type { Store } from "~/db/store";
import { PipelineStoreError } from "~/db/pipelineStoreError";
import { BodyTooLargeError, readCappedBody } from "~/server/http/bodyLimit";
import { clipMessage } from "~/server/http/clip";
import { ArchiveError } from "./archiveError";
import { DEFAULT_ARCHIVE_LIMITS, formatBytes, type ArchiveLimits } from "./limits";
import { exportPluginZipInstalled, importPluginZip } from "./service";

/*
 * The HTTP side of bundles, kept out of app/ so it can be tested without Next: a zip download
 * is a plain response, and an upload is read with a hard size cap before anything parses it.
 * Errors are JSON `{ error, code }` in plain words.
 */

/** What the import endpoint answers on success. */
export interface ImportedPlugin {
  id: string;
  name: string;
  warnings: string[];
}

function json(status: number, body: unknown): Response {
  return Response.json(body, { status, headers: { "cache-control": "no-store" } });
}

/** Upload types the import takes: a zip file, or bytes. A cross-site form or `no-cors` fetch cannot send these without asking. */
const IMPORT_MEDIA_TYPES = ["application/zip", "application/octet-stream"];

function mediaTypeOf(request: Request): string | null {
  return request.headers.get("content-type")?.split(";", 1)[0]?.trim().toLowerCase() || null;
}

function errorResponse(err: unknown): Response {
  if (err instanceof ArchiveError) return json(err.code === "ARCHIVE_TOO_LARGE" ? 413 : 400, { error: clipMessage(err.message), code: err.code });
  if (err instanceof BundleError) return json(422, { error: clipMessage(err.message), code: err.code });
  if (err instanceof PipelineStoreError) return json(err.apiCode === "NOT_FOUND" ? 404 : 400, { error: clipMessage(err.message), code: err.code });
  throw err;
}

/** `GET /api/bundles/export/<id>[?revision=N][&target=T][&recorder=1]`: the pipeline as a plugin zip of its host (core/bundles/registry.ts), with the recorder when asked. */
export async function exportResponse(store: Store, id: string, revisionParam: string | null, target?: string | null, options: { recorder?: boolean } = {}): Promise<Response> {
  try {
    const revision = revisionParam === null ? null : Number(revisionParam);
    if (revision !== null && (!Number.isInteger(revision) || revision < 1)) {
      return json(400, { error: `"${revisionParam}" is not a revision number.`, code: "BAD_REVISION" });
    }
    const at = revision === null ? await store.pipelines.get(id) : await store.pipelines.getRevision({ id, revision });
    const bundle = await exportPluginZipInstalled(at.document, target ?? undefined, options);
    return new Response(new Uint8Array(bundle.bytes), {
      status: 200,
      headers: {
        "content-type": "application/zip",
        "content-disposition": `attachment; filename="${bundle.fileName}"`,
        "content-length": String(bundle.bytes.byteLength),
        "cache-control": "no-store",
      },
    });
  } catch (err) {
    return errorResponse(err);
  }
}

function tooLarge(limit: number, size: number | null): ArchiveError {
  const what = size === null ? `more than ${formatBytes(limit)}` : formatBytes(size);
  return new ArchiveError("ARCHIVE_TOO_LARGE", `The archive is ${what}; at most ${formatBytes(limit)} are allowed.`);
}

/** The upload, at most `limit` bytes: the shared capped reader, its refusal worded as an archive error. */
async function readCapped(request: Request, limit: number): Promise<Uint8Array> {
  try {
    return await readCappedBody(request, limit);
  } catch (error) {
    if (error instanceof BodyTooLargeError) throw tooLarge(error.limit, error.size);
    throw error;
  }
}

/** `POST /api/bundles/import` with the zip as the body: a new pipeline made from the plugin. */
export async function importResponse(store: Store, request: Request, limits: ArchiveLimits = DEFAULT_ARCHIVE_LIMITS): Promise<Response> {
  const type = mediaTypeOf(request);
  if (type === null || !IMPORT_MEDIA_TYPES.includes(type)) {
    const sent = type === null ? "no Content-Type" : `Content-Type "${type}"`;
    return json(415, { error: `Upload the plugin as application/zip or application/octet-stream; this request sent ${sent}.`, code: "UNSUPPORTED_MEDIA_TYPE" });
  }
  try {
    const bytes = await readCapped(request, limits.maxArchiveBytes);
    if (bytes.byteLength === 0) return json(400, { error: "No file was uploaded.", code: "EMPTY" });
    const { pipeline, warnings } = importPluginZip(bytes, limits);
    // A plugin carries no scenarios (an OpenClaw one never does): start with the profile's default, as `hookwright import` does.
    const created = await store.pipelines.create(withDefaultScenario(pipeline));
    const body: ImportedPlugin = { id: created.id, name: created.document.name, warnings };
    return json(201, body);
  } catch (err) {
    return errorResponse(err);
  }
}
