import { diffJson } from "../chain/diff";
import { hasOwn, isObjectLike, jsonEqual, parsePointer, setOwn } from "../chain/jsonValue";
import type { Json, JsonObject, JsonPatch, JsonPatchOp } from "../json";

export { diffJson, jsonEqual };

/** A patch that does not apply: names the op and the reason. */
export class JsonPatchError extends Error {
  override name = "JsonPatchError";
  constructor(
    message: string,
    readonly opIndex: number,
    readonly path: string,
  ) {
    super(message);
  }
}

type Container = JsonObject | Json[];

/**
 * Applies an RFC 6902 patch (all six ops) without mutating `doc`. Untouched subtrees are
 * shared with `doc`; containers along changed paths are copied once per call, so a patch of
 * many ops into one large array costs O(array + ops), not O(array × ops).
 *
 * @throws {JsonPatchError} when an op's path does not exist, an index is out of range, a
 *   `test` fails, or a `move` targets its own child.
 * @example applyPatch({ a: [1] }, [{ op: "add", path: "/a/-", value: 2 }]) // { a: [1, 2] }
 */
export function applyPatch<T extends Json>(doc: T, patch: JsonPatch): T {
  const owned = new WeakSet<object>();
  let root: Json = doc;
  patch.forEach((op, index) => {
    root = applyOp(root, op, index, owned);
  });
  return root as T;
}

function applyOp(root: Json, op: JsonPatchOp, index: number, owned: WeakSet<object>): Json {
  const fail = (reason: string): never => {
    throw new JsonPatchError(`patch op ${index} (${op.op} ${op.path}): ${reason}`, index, op.path);
  };
  switch (op.op) {
    case "add":
      return put(root, parsePointer(op.path), op.value, "add", owned, fail);
    case "replace":
      return put(root, parsePointer(op.path), op.value, "replace", owned, fail);
    case "remove":
      return removeAt(root, parsePointer(op.path), owned, fail);
    case "copy": {
      // A copy must not share an owned container, or a later in-place op would change both places.
      const value = cloneJson(getAt(root, parsePointer(op.from), fail));
      return put(root, parsePointer(op.path), value, "add", owned, fail);
    }
    case "move": {
      if (op.path.startsWith(`${op.from}/`)) fail(`cannot move "${op.from}" into its own child`);
      if (op.path === op.from) return root;
      const value = getAt(root, parsePointer(op.from), fail);
      const removed = removeAt(root, parsePointer(op.from), owned, fail);
      return put(removed, parsePointer(op.path), value, "add", owned, fail);
    }
    case "test":
      if (!jsonEqual(getAt(root, parsePointer(op.path), fail), op.value)) fail("test failed: the value differs");
      return root;
    default:
      return fail(`unknown op ${JSON.stringify((op as { op: unknown }).op)}`);
  }
}

type Fail = (reason: string) => never;

/** Reads the value at `tokens`. */
export function getAt(doc: Json, tokens: readonly string[], fail: Fail): Json {
  let cur: Json = doc;
  for (const token of tokens) {
    if (!isObjectLike(cur)) return fail("the path does not exist");
    if (Array.isArray(cur)) {
      const i = arrayIndex(token, cur.length - 1, fail);
      cur = cur[i] as Json;
    } else {
      if (!hasOwn(cur, token)) return fail("the path does not exist");
      cur = cur[token] as Json;
    }
  }
  return cur;
}

function arrayIndex(token: string, max: number, fail: Fail): number {
  if (!/^(0|[1-9][0-9]*)$/.test(token)) return fail(`"${token}" is not an array index`);
  const i = Number(token);
  if (i > max) return fail(`index ${i} is out of range`);
  return i;
}

function own(container: Container, owned: WeakSet<object>): Container {
  if (owned.has(container)) return container;
  let copy: Container;
  if (Array.isArray(container)) copy = container.slice();
  else {
    copy = {};
    for (const key of Object.keys(container)) setOwn(copy, key, container[key]);
  }
  owned.add(copy);
  return copy;
}

/** Copies the containers from the root to the parent of `tokens`, then lets `edit` change the parent. */
function editParent(root: Json, tokens: readonly string[], owned: WeakSet<object>, fail: Fail, edit: (parent: Container, key: string) => void): Json {
  const copiedRoot = isObjectLike(root) ? own(root, owned) : fail("the document is not a container");
  let parent: Container = copiedRoot;
  for (let depth = 0; depth < tokens.length - 1; depth++) {
    const token = tokens[depth] as string;
    const child: Json | undefined = Array.isArray(parent) ? parent[arrayIndex(token, parent.length - 1, fail)] : hasOwn(parent, token) ? parent[token] : undefined;
    if (!isObjectLike(child)) return fail("the path does not exist");
    const copied = own(child, owned);
    if (Array.isArray(parent)) parent[Number(token)] = copied;
    else setOwn(parent, token, copied);
    parent = copied;
  }
  edit(parent, tokens[tokens.length - 1] as string);
  return copiedRoot;
}

function put(root: Json, tokens: readonly string[], value: Json, mode: "add" | "replace", owned: WeakSet<object>, fail: Fail): Json {
  if (tokens.length === 0) return value;
  return editParent(root, tokens, owned, fail, (parent, key) => {
    if (Array.isArray(parent)) {
      if (mode === "add") {
        const i = key === "-" ? parent.length : arrayIndex(key, parent.length, fail);
        parent.splice(i, 0, value);
      } else parent[arrayIndex(key, parent.length - 1, fail)] = value;
    } else {
      if (mode === "replace" && !hasOwn(parent, key)) fail("the path does not exist");
      setOwn(parent, key, value);
    }
  });
}

function removeAt(root: Json, tokens: readonly string[], owned: WeakSet<object>, fail: Fail): Json {
  if (tokens.length === 0) return fail("cannot remove the whole document");
  return editParent(root, tokens, owned, fail, (parent, key) => {
    if (Array.isArray(parent)) parent.splice(arrayIndex(key, parent.length - 1, fail), 1);
    else if (hasOwn(parent, key)) delete parent[key];
    else fail("the path does not exist");
  });
}

function cloneJson(value: Json): Json {
  if (!isObjectLike(value)) return value;
  if (Array.isArray(value)) return value.map(cloneJson);
  const out: JsonObject = {};
  for (const key of Object.keys(value)) setOwn(out, key, cloneJson(value[key] as Json));
  return out;
}
