import { measureDesignerMemory, visitPipeline, type Visit } from "../bench/designer-memory/visit";
import { examplePipelines } from "~/core/examples";
import { expect, test } from "./test";

/*
 * A user going from pipeline to pipeline in one tab: the list, a designer, a hook in Monaco, a
 * run, back to the list, and on to the next. Each designer left behind must be let go of: its
 * editor, graph, run trace and Monaco's models. Before, every designer stayed in memory: a
 * Monaco command registered for the whole page held its editor, and through it the designer's
 * DOM (about 900 nodes a visit) and React tree.
 */

/** Examples of each host profile, every one with a scenario that runs without an approval. */
const picked = ["Be concise", "Audit log", "Claude Code Bash gate", "FIM One read-only guard", "Secret redactor"];

test("visiting pipeline after pipeline in one page keeps the heap and Monaco's models bounded", async ({ page, browser, seedPipeline, uniqueName, baseURL }) => {
  test.setTimeout(300_000);
  const documents = picked.map((name) => {
    const example = examplePipelines.find((e) => e.name === name);
    if (!example) throw new Error(`no example named ${name}`);
    return example;
  });
  const seeded = [];
  for (const document of documents) seeded.push({ ...(await seedPipeline(document, { name: uniqueName(document.name) })), document });

  const measure = await measureDesignerMemory(browser, page);
  await page.setViewportSize({ width: 1440, height: 900 });
  await page.goto(`${baseURL}/`);
  const visits: Visit[] = [];
  // Twice round: the second round visits the same designers again, so it must not grow.
  for (let round = 0; round < 2; round++) {
    for (const [i, pipeline] of seeded.entries()) {
      const last = round === 1 && i === seeded.length - 1;
      const visit = await visitPipeline(page, pipeline, measure, { models: i === 1 || last });
      visits.push(visit);
      if (visit.memory.models !== null) {
        // Exactly the open pipeline's files: each hook, its contract companion, each module.
        const { hooks = [], modules = [] } = pipeline.document;
        expect(visit.memory.models, `Monaco models after visiting ${pipeline.name}`).toBe(hooks.length * 2 + modules.length);
        // One editor, the open one: every editor closed before it is gone.
        expect(visit.memory.editors, `Monaco editors alive after visit ${visits.length}`).toBe(1);
      }
    }
  }
  const second = visits[1]?.memory;
  const final = visits.at(-1)?.memory;
  if (!second || !final) throw new Error("the visits were not measured");
  test.info().annotations.push({ type: "heap", description: visits.map((v) => `${v.name}: ${v.memory.heapUsedMB} MB, list ${v.listNodes} nodes`).join("; ") });
  // The heap after ten designers stays near the heap after two. It still gains a little: V8's
  // compiled code as the page warms up (with V8's optimising tiers off it gains ~1 MB over 15
  // visits, see bench/designer-memory). A designer kept per visit (its trace, its editor) breaks this.
  expect(final.heapUsedMB - second.heapUsedMB, "JS heap growth (MB) from visit 2 to visit 10").toBeLessThan(8);
  // Back on the list the page has the list's DOM and nothing more, visit after visit: before, each
  // designer left behind kept its ~800 nodes.
  const listNodes = visits.map((v) => v.listNodes);
  for (const [i, nodes] of listNodes.entries()) expect(nodes - (listNodes[0] ?? 0), `DOM nodes on the list after visit ${i + 1}`).toBeLessThan(50);
  // Monaco's workers are the page's two (editor and TypeScript), however many editors were opened.
  expect(final.workers).toBe(2);
});
