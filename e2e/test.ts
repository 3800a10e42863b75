import { test as base, expect } from "@playwright/test";
import { createTRPCClient, httpLink, type TRPCClient } from "@trpc/client";
import superjson from "superjson";
import type { PipelineInput } from "~/core/pipeline/schema";
import type { AppRouter } from "~/server/api/root";

/*
 * The e2e test object. Specs import { test, expect } from "./test" and get, besides
 * Playwright's own fixtures:
 *   api           a typed tRPC client on the server under test (e.g. api.pipelines.list.query())
 *   seedPipeline  creates a pipeline from a document (see e2e/fixtures/), deleted after the test
 *   uniqueName    a name no other test or earlier run uses, e.g. "Guard rails 3f9a1c"
 */

export interface SeededPipeline {
  id: string;
  name: string;
  revision: number;
}

interface Fixtures {
  api: TRPCClient<AppRouter>;
  seedPipeline: (document: PipelineInput, options?: { name?: string }) => Promise<SeededPipeline>;
  uniqueName: (prefix: string) => string;
}

export const test = base.extend<Fixtures>({
  api: async ({ baseURL }, use) => {
    if (!baseURL) throw new Error("playwright.config.ts must set use.baseURL");
    await use(createTRPCClient<AppRouter>({ links: [httpLink({ url: `${baseURL}/api/trpc`, transformer: superjson })] }));
  },

  // The empty pattern is Playwright's way of saying "no fixture dependencies".
  uniqueName: async ({}, use, testInfo) => {
    let n = 0;
    await use((prefix) => `${prefix} ${testInfo.workerIndex}${(Date.now() % 1e6).toString(36)}${n++}`);
  },

  seedPipeline: async ({ api }, use) => {
    const created: string[] = [];
    await use(async (document, options = {}) => {
      const name = options.name ?? document.name;
      const result = await api.pipelines.create.mutate({ from: "document", document: { ...document, name } });
      created.push(result.id);
      return { id: result.id, name: result.document.name, revision: result.revision };
    });
    // Leave the shared database as we found it; a spec may already have deleted its pipeline.
    const remaining = new Set((await api.pipelines.list.query()).map((p) => p.id));
    for (const id of created) if (remaining.has(id)) await api.pipelines.delete.mutate({ id });
  },
});

export { expect };
