import type { Scenario } from "~/core/pipeline/schema";

/** Top-level fields of one scenario to replace (see UpdateScenarioChange); never its name. */
export type ScenarioPatch = Partial<Omit<Scenario, "name">>;
