import { NODE_UNIT_SCRIPTS } from "./nodeUnits.generated";

/**
 * The host side of one run's simulated Node surface (issue 15): what the guest units may ask
 * the host for (`nodeCall`), bound to the run. Everything it answers comes from the pipeline
 * and the scenario, never from the real machine: the environment is the pipeline's declared
 * variables, not the server's.
 */

export interface NodeSurfaceOptions {
  /** process.env: the pipeline's declared variables (Settings), name -> value. */
  env: Readonly<Record<string, string>>;
}

export class NodeSurface {
  constructor(private readonly options: NodeSurfaceOptions) {}

  /** The script of unit `name`, or "" when the sandbox has none. */
  source(name: string): string {
    return Object.hasOwn(NODE_UNIT_SCRIPTS, name) ? (NODE_UNIT_SCRIPTS[name] ?? "") : "";
  }

  /** Answers a guest request (JSON in, JSON out: `{ value }` or `{ error, code? }`). */
  call(op: string, payloadJson: string): string {
    let payload: unknown;
    try {
      payload = JSON.parse(payloadJson) as unknown;
    } catch {
      return JSON.stringify({ error: `the sandbox could not read the request for ${op}` });
    }
    switch (op) {
      case "env":
        return JSON.stringify({ value: { ...this.options.env } });
      default:
        void payload;
        return JSON.stringify({ error: `the sandbox has no host service ${op}` });
    }
  }
}

/** A run with no settings: an empty environment. */
export const EMPTY_SURFACE_OPTIONS: NodeSurfaceOptions = { env: {} };
