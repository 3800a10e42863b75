import { checkPipelineAgainstProfile, createScriptedModel, runPoint, runScenario } from "../../core/engine";
import { describeIssues } from "../../core/pipeline/parsePipeline";
import { getProfile, listProfiles } from "../../core/profiles";
import { createSandboxRunner } from "../sandbox";
import type { RunEngine } from "./runService";

/**
 * The app's engine: the simulator in core/ with user code in the QuickJS sandbox (a runner per
 * run, seeded with the scenario's clock start and seed, disposed when the run ends) and the
 * scripted model by default.
 */
export const defaultRunEngine: RunEngine = {
  createRunner: createSandboxRunner,
  scriptedModel: (scenario) => createScriptedModel(scenario.model),
  check(pipeline) {
    const profile = getProfile(pipeline.profile);
    if (!profile) return `unknown profile "${pipeline.profile}" (known: ${listProfiles().map((p) => p.id).join(", ")})`;
    const issues = checkPipelineAgainstProfile(pipeline, profile);
    return issues.length > 0 ? describeIssues(issues) : null;
  },
  simulate: (options) => runScenario(options),
  runPoint: (options) => runPoint(options),
};
