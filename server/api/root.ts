import { createCallerFactory, router } from "./trpc";
import { approvalsRouter } from "./routers/approvals";
import { bundlesRouter } from "./routers/bundles";
import { pipelinesRouter } from "./routers/pipelines";
import { runsRouter } from "./routers/runs";
import { providersRouter } from "./routers/providers";
import { dependenciesRouter } from "./routers/dependencies";
import { pythonRouter } from "./routers/python";
import { rHooksRouter } from "./routers/rHooks";
import { sessionsRouter } from "./routers/sessions";

/** Every domain router, one key each. Other routers (runs, bundles) are registered here. */
export const appRouter = router({
  pipelines: pipelinesRouter,
  bundles: bundlesRouter,
  runs: runsRouter,
  approvals: approvalsRouter,
  providers: providersRouter,
  dependencies: dependenciesRouter,
  python: pythonRouter,
  rHooks: rHooksRouter,
  sessions: sessionsRouter,
});

export type AppRouter = typeof appRouter;

/** Server-side caller: `createCaller(createContextInner({ db }))`. */
export const createCaller = createCallerFactory(appRouter);
