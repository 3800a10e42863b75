import { describe, expect, it } from "vitest";
import { orderHooks } from "./runOrder";

const hook = (id: string, priority: number | null, enabled = true) => ({ id, priority, enabled });
const ids = (hs: { id: string }[]) => hs.map((h) => h.id);

describe("orderHooks", () => {
  const hooks = [hook("a", 5), hook("b", null), hook("c", 5), hook("d", -1, false), hook("e", 1)];

  it("keeps registration order and drops disabled hooks", () => {
    expect(ids(orderHooks(hooks, "registration"))).toEqual(["a", "b", "c", "e"]);
  });

  it("runs lower priority first, ties in registration order, null as 0", () => {
    expect(ids(orderHooks(hooks, "priority-asc"))).toEqual(["b", "e", "a", "c"]);
  });

  it("runs higher priority first, ties in registration order", () => {
    expect(ids(orderHooks(hooks, "priority-desc"))).toEqual(["a", "c", "e", "b"]);
  });

  it("does not reorder its input", () => {
    orderHooks(hooks, "priority-desc");
    expect(ids(hooks)).toEqual(["a", "b", "c", "d", "e"]);
  });
});
