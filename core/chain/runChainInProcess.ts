import { cloneHookValue } from "./cloneHookValue";

/** A hook as the Vellum host calls it: `(ctx) => Promise<Partial<ctx> | void>`. */
export type InProcessHook<TContext extends object> = (ctx: TContext) => unknown;

export interface InProcessChainResult<TContext extends object> {
  context: TContext;
  /** Hooks that threw, by position; their drafts were discarded. */
  errors: { index: number; error: unknown }[];
}

/**
 * The real Vellum host's `runHook` design, in this process (semantics.md §1c): before each
 * hook a deep clone of the last committed context ({@link cloneHookValue}); `undefined` commits
 * the draft, anything else commits `{...draft, ...returned}`; a throw discards the draft.
 * With no hooks the input itself is returned. It records no patches: it is the baseline the
 * bench compares the sandbox with, and the oracle tests compare {@link executeChain} with.
 *
 * @example
 * await runChainInProcess({ context: { n: 1 }, hooks: [(c) => { c.n++; }] }) // { context: { n: 2 }, errors: [] }
 */
export async function runChainInProcess<TContext extends object>(options: {
  context: TContext;
  hooks: readonly InProcessHook<TContext>[];
}): Promise<InProcessChainResult<TContext>> {
  const { hooks } = options;
  let committed = options.context;
  const errors: InProcessChainResult<TContext>["errors"] = [];
  for (let index = 0; index < hooks.length; index++) {
    const hook = hooks[index] as InProcessHook<TContext>;
    const draft = cloneHookValue(committed);
    try {
      const returned = await hook(draft);
      committed = returned === undefined ? draft : ({ ...draft, ...(returned as object) } as TContext);
    } catch (error) {
      errors.push({ index, error });
    }
  }
  return { context: committed, errors };
}
