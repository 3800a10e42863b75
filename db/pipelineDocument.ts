import { describeIssues, parsePipeline } from "../core/pipeline/parsePipeline";
import type { PipelineInput, Pipeline as PipelineDocument } from "../core/pipeline/schema";
import { withDefaultScenario } from "../core/profiles/scenarios";
import { isKnownProfile, unknownProfileMessage } from "./knownProfiles";
import { PipelineStoreError } from "./pipelineStoreError";

/*
 * The document rules every pipeline store applies (whatever its database): validation against
 * the format and the known profiles, a new pipeline's blank document, an example by name, a copy's name.
 */

/** Names are capped by the document format (`pipelineSchema.name`). */
const MAX_NAME = 200;

/**
 * Validates an untrusted document against the pipeline format and the known profiles.
 *
 * @throws {@link PipelineStoreError} `INVALID_DOCUMENT` with field issues, or `UNKNOWN_PROFILE`.
 */
export function validateDocument(value: unknown): PipelineDocument {
  const parsed = parsePipeline(value);
  if (!parsed.ok) {
    throw new PipelineStoreError("INVALID_DOCUMENT", describeIssues(parsed.issues), { issues: parsed.issues });
  }
  assertKnownProfile(parsed.value.profile, "profile");
  return parsed.value;
}

function assertKnownProfile(profile: string, path: string): void {
  if (isKnownProfile(profile)) return;
  const message = unknownProfileMessage(profile);
  throw new PipelineStoreError("UNKNOWN_PROFILE", `${path}: ${message}`, { issues: [{ path, message }] });
}

/** The document of a new pipeline: no hooks, and the profile's default scenario, so it runs at once. */
export function blankDocument(name: string, profile: string): PipelineDocument {
  assertKnownProfile(profile, "profile");
  return withDefaultScenario(validateDocument({ format: "hookwright.pipeline/v1", name, profile }));
}

/**
 * One of the built-in examples (core/examples) by name, to create a pipeline from.
 *
 * @throws {@link PipelineStoreError} `UNKNOWN_EXAMPLE`.
 */
export function exampleDocument(args: { example: string; examples: readonly PipelineInput[] }): PipelineInput {
  const example = args.examples.find((e) => e.name === args.example);
  if (!example) {
    const message = `there is no example named "${args.example}"`;
    throw new PipelineStoreError("UNKNOWN_EXAMPLE", `example: ${message}`, { issues: [{ path: "example", message }] });
  }
  return example;
}

/** "<name> (copy)", within the name cap. */
export function copyName(name: string): string {
  const suffix = " (copy)";
  return name.slice(0, MAX_NAME - suffix.length) + suffix;
}

/** The `meta` key remembering that an example was seeded once. */
export const seededKey = (name: string) => `seeded-example:${name}`;
