/**
 * What a hook or tool handler read of `process.env` (issue 15), recorded on its `hook.end` /
 * `tool.result` as `env`: one entry per name in first-read order, never the value (the
 * pipeline's Settings hold it, and a secret's value must stay out of traces).
 */
export interface EnvRead {
  /** The variable's name; {@link ENV_ENUMERATED} when the code listed the variables (Object.keys, for…in, spread). */
  name: string;
  /** The pipeline declares it in Settings (for the listing: always true, only declared names are listed). */
  declared: boolean;
  /** Its value is marked secret in Settings. */
  secret?: true;
}

/** The name recorded once when the code enumerated `process.env`. */
export const ENV_ENUMERATED = "*";

/** "API_BASE, DEBUG (not declared), TOKEN (secret), every name (listed)": the env a call read, for cards and the CLI summary. */
export function envReadsText(reads: readonly EnvRead[]): string {
  return reads
    .map((r) => (r.name === ENV_ENUMERATED ? "every name (listed)" : `${r.name}${r.declared ? "" : " (not declared)"}${r.secret ? " (secret)" : ""}`))
    .join(", ");
}

/** The entry for a read of `name`, given the pipeline's declared variables (Settings `env`). */
export function envReadOf(name: string, declared: readonly { name: string; secret: boolean }[] | undefined): EnvRead {
  if (name === ENV_ENUMERATED) return { name, declared: true };
  const variable = declared?.find((v) => v.name === name);
  return { name, declared: variable !== undefined, ...(variable?.secret ? { secret: true as const } : {}) };
}
