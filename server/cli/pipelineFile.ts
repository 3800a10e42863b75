import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { checkPipelineAgainstProfile } from "../../core/engine/validate";
import { describeIssues, parsePipeline } from "../../core/pipeline/parsePipeline";
import type { Pipeline } from "../../core/pipeline/schema";
import { getProfile, listProfiles } from "../../core/profiles";
import type { Profile } from "../../core/profiles/types";

/** A file the command cannot use; `message` names the file and what is wrong, for stderr as is. */
export class FileProblem extends Error {
  override name = "FileProblem";
}

/**
 * Reads a JSON file given on the command line (relative to `cwd`).
 * @throws {FileProblem} "cannot read X: no such file" or "X is not valid JSON: ..."
 */
export async function readJsonFile(cwd: string, file: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(resolve(cwd, file), "utf8");
  } catch (error) {
    throw new FileProblem(`cannot read ${file}: ${(error as NodeJS.ErrnoException).code === "ENOENT" ? "no such file" : String(error)}`);
  }
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new FileProblem(`${file} is not valid JSON: ${error instanceof Error ? error.message : String(error)}`);
  }
}

/**
 * Reads and validates a pipeline file: the format, a known profile, and hooks on the profile's points.
 * @throws {FileProblem} naming the file and each bad field
 */
export async function readPipelineFile(cwd: string, file: string): Promise<{ pipeline: Pipeline; profile: Profile }> {
  const parsed = parsePipeline(await readJsonFile(cwd, file));
  if (!parsed.ok) throw new FileProblem(`${file} is not a valid pipeline:\n${indent(describeIssues(parsed.issues))}`);
  const pipeline = parsed.value;
  const profile = getProfile(pipeline.profile);
  if (!profile) throw new FileProblem(`${file}: profile: unknown profile "${pipeline.profile}" (known: ${listProfiles().map((p) => p.id).join(", ")})`);
  const issues = checkPipelineAgainstProfile(pipeline, profile);
  if (issues.length > 0) throw new FileProblem(`${file} does not fit the ${profile.name} profile:\n${indent(describeIssues(issues))}`);
  return { pipeline, profile };
}

export function indent(text: string): string {
  return text
    .split("\n")
    .map((l) => `  ${l}`)
    .join("\n");
}
