import type { Json } from "../json";
import { isObjectLike } from "./jsonValue";

/** Token paths (unescaped) of one object that sits at several places in a context. */
export type SharedGroup = string[][];

interface PathNode {
  parent: PathNode | null;
  token: string;
}

function tokensOf(node: PathNode | null): string[] {
  const out: string[] = [];
  for (let n = node; n; n = n.parent) out.push(n.token);
  return out.reverse();
}

/**
 * Finds the objects reachable through more than one path, with all their paths. A draft
 * links these paths up front so a write through one of them marks the others changed too.
 * O(size of the context); run only after a hook may have placed a node somewhere new.
 */
export function findSharedPaths(root: Json): SharedGroup[] {
  const firstSeen = new Map<object, PathNode | null>();
  const groups = new Map<object, SharedGroup>();
  const walk = (value: Json, at: PathNode | null): void => {
    if (!isObjectLike(value)) return;
    if (firstSeen.has(value)) {
      let group = groups.get(value);
      if (!group) {
        group = [tokensOf(firstSeen.get(value) ?? null)];
        groups.set(value, group);
      }
      group.push(tokensOf(at));
      return;
    }
    firstSeen.set(value, at);
    if (Array.isArray(value)) {
      for (let i = 0; i < value.length; i++) walk(value[i] as Json, { parent: at, token: String(i) });
    } else {
      for (const key of Object.keys(value)) walk(value[key] as Json, { parent: at, token: key });
    }
  };
  walk(root, null);
  return [...groups.values()];
}
