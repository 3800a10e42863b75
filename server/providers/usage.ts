/** A run's model use, summed over its model.response events (stored form: usage and provider are plain fields). */
export interface RunUsage {
  /** Calls a real provider answered or rejected. */
  calls: number;
  /** Of those, answered from a recording (re-run). */
  recorded: number;
  inputTokens: number;
  outputTokens: number;
  /** `provider/model` of each, first use first. */
  models: string[];
}

export function usageOf(responses: readonly unknown[]): RunUsage {
  const out: RunUsage = { calls: 0, recorded: 0, inputTokens: 0, outputTokens: 0, models: [] };
  for (const r of responses) {
    if (typeof r !== "object" || r === null) continue;
    const e = r as { provider?: { name?: unknown; model?: unknown }; usage?: { inputTokens?: unknown; outputTokens?: unknown }; recorded?: unknown };
    if (!e.provider) continue;
    out.calls += 1;
    // A reply answered from the recording spent no tokens this time.
    if (e.recorded === true) out.recorded += 1;
    else {
      if (typeof e.usage?.inputTokens === "number") out.inputTokens += e.usage.inputTokens;
      if (typeof e.usage?.outputTokens === "number") out.outputTokens += e.usage.outputTokens;
    }
    const model = `${String(e.provider.name)}/${String(e.provider.model)}`;
    if (!out.models.includes(model)) out.models.push(model);
  }
  return out;
}
