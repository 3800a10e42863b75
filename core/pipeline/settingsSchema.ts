import { z } from "zod";
import { dependencySchema } from "./dependencySchema";

/**
 * A pipeline's Settings (issue 15): what the sandbox's simulated Node host hands its hooks.
 * `env` is `process.env`: only the variables declared here, never the server's. A variable
 * marked secret reaches the hooks, but its value is left out of exports and traces.
 */

export const ENV_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;

export const envVariableSchema = z.object({
  name: z.string().regex(ENV_NAME, "an environment variable's name is letters, digits and _, not starting with a digit"),
  value: z.string().max(64 * 1024, "an environment variable's value is at most 64 KB"),
  secret: z.boolean().default(false),
});
export type EnvVariable = z.infer<typeof envVariableSchema>;

export const pipelineSettingsSchema = z
  .object({
    env: z.array(envVariableSchema).max(500, "at most 500 environment variables").default([]),
    /** npm packages the hooks import (dependencySchema.ts); installed and bundled by the server. */
    dependencies: z.array(dependencySchema).max(100, "at most 100 dependencies").optional(),
  })
  .superRefine((s, ctx) => {
    const seen = new Set<string>();
    s.env.forEach((v, i) => {
      if (seen.has(v.name)) ctx.addIssue({ code: "custom", path: ["env", i, "name"], message: `environment variable ${v.name} is declared twice` });
      seen.add(v.name);
    });
    const deps = new Set<string>();
    s.dependencies?.forEach((d, i) => {
      if (deps.has(d.name)) ctx.addIssue({ code: "custom", path: ["dependencies", i, "name"], message: `dependency ${d.name} is declared twice` });
      deps.add(d.name);
    });
  });
export type PipelineSettings = z.infer<typeof pipelineSettingsSchema>;

/** process.env of a run: the declared variables, name -> value (secret ones included: the hooks need them). */
export function envOf(settings: PipelineSettings | undefined): Record<string, string> {
  const env: Record<string, string> = {};
  for (const v of settings?.env ?? []) env[v.name] = v.value;
  return env;
}

/** Text put in place of a secret value wherever a pipeline or trace leaves the server. */
export const SECRET_PLACEHOLDER = "";

/**
 * The pipeline as it may leave the server or the browser (an exported file, a bundle): every
 * secret variable's value replaced by {@link SECRET_PLACEHOLDER}; its name stays, so whoever
 * imports it sees what to fill in.
 */
export function withoutSecrets<T extends { settings?: PipelineSettings }>(pipeline: T): T {
  const env = pipeline.settings?.env;
  if (!env || !env.some((v) => v.secret)) return pipeline;
  return { ...pipeline, settings: { ...pipeline.settings, env: env.map((v) => (v.secret ? { ...v, value: SECRET_PLACEHOLDER } : v)) } };
}
