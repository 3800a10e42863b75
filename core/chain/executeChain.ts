import { createChainRun, describeError } from "./chainRun";
import type { JsonObject } from "../json";
import type { ExecuteChainOptions, ExecuteChainResult, InvokeOutcome } from "./types";

/**
 * Runs one hook point's handlers with the semantics of `execution` and records what each did.
 * See core/chain/index.ts for the rules of each execution model.
 *
 * @param options.invoke calls the user's function; a rejection counts as a `threw` failure.
 * @returns every call's record (patch against the context that hook received) and the
 *   resulting context, which equals the input with all patches applied in order.
 * @example
 * const { context } = await executeChain({
 *   execution: "chain", hookIds: ["a"], context: { n: 1 },
 *   invoke: async (_id, ctx) => { ctx.n = 2; return { returned: undefined }; },
 * }); // context = { n: 2 }
 */
export async function executeChain(options: ExecuteChainOptions): Promise<ExecuteChainResult> {
  const { invoke, now } = options;
  const run = createChainRun(options);
  while (!run.finished) {
    // For "void" this starts every handler before awaiting any: they run concurrently.
    const calls = run.start();
    await Promise.all(
      calls.map(async (call) => {
        const startedAt = now ? now() : 0;
        let outcome: InvokeOutcome;
        try {
          // A fold hands the handler's positional arguments (see ExecuteChainOptions.fold).
          outcome = await invoke(call.hookId, (call.args ?? call.input) as JsonObject);
        } catch (error) {
          outcome = { failure: { kind: "threw", message: describeError(error), location: null } };
        }
        run.settle(call.index, outcome, now ? Math.max(0, now() - startedAt) : 0);
      }),
    );
  }
  return run.result();
}
