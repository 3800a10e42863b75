import type { Json, JsonObject, JsonPatch } from "../json";
import { diffJson } from "./diff";
import { escapePointerToken, hasOwn, isObjectLike, setOwn } from "./jsonValue";
import type { SharedGroup } from "./sharedPaths";

/**
 * Copy-on-write drafts of a committed JSON context.
 *
 * A hook receives a Proxy that behaves like a plain object (Array.isArray, JSON.stringify,
 * spread, for..of all work) but never touches the committed tree: the first write to a node
 * makes a shallow copy of that node only. There is one proxy per committed object per draft,
 * so two fields that share an object (Vellum's originalMessages/latestMessages) still share
 * it, and a write through one is seen through the other — the real host's per-draft clone
 * keeps aliasing the same way. Finalising walks only dirty nodes and returns the untouched
 * subtrees by reference, so a chain over a 1 MB context costs O(changed) per hook.
 *
 * Values a hook stores are committed as JSON.stringify would store them (Date to its ISO
 * string, undefined/functions dropped, NaN to null); a circular structure or a BigInt fails
 * the hook with {@link DraftValueError}.
 *
 * An object shared by several paths (see {@link findSharedPaths}) has all its paths linked
 * up front, so a write through one marks every path changed and all see the same new value.
 */

export class DraftValueError extends Error {
  override name = "DraftValueError";
}

/**
 * One committed object of a draft, and the Proxy handler of its proxy. A class rather than a
 * handler of closures per node: a node then costs one object, which matters when a hook walks
 * a large conversation in the sandbox's interpreter (the 1 MB message loop went from ~35 ms to
 * a few ms per call).
 */
class NodeState implements ProxyHandler<object> {
  copy: Record<string, unknown> | unknown[] | null = null;
  proxy: object;
  /** This node or a descendant was written. */
  dirty = false;
  /** Nodes it was read from; a write marks them dirty too. */
  readonly parents: NodeState[] = [];
  /** Children (read from this node) that became dirty: finalising an array visits only these and the written slots. */
  dirtyChildren: Set<NodeState> | null = null;
  /** An array's keys written since it was copied (its other slots still hold the committed elements). */
  written: Set<string> | null = null;
  /** The shortest the array's copy has been: slots from there on may be holes or new. */
  minLength = 0;

  constructor(
    readonly draft: Draft,
    readonly base: object,
    /** The draft's root: the only node that shows the draft's extras. */
    readonly isRoot: boolean,
  ) {
    this.proxy = new Proxy(base, this);
  }

  /** What the hook sees now: its own copy once it wrote, the committed object before. */
  private current(): Record<PropertyKey, unknown> {
    return (this.copy ?? this.base) as Record<PropertyKey, unknown>;
  }

  private writable(key: PropertyKey): Record<string, unknown> {
    if (!this.copy) {
      const base = this.base as Record<string, unknown> | unknown[];
      if (Array.isArray(base)) {
        this.copy = base.slice();
        this.written = new Set();
        this.minLength = base.length;
      } else this.copy = { ...base };
    }
    this.written?.add(String(key));
    markDirty(this);
    return this.copy as Record<string, unknown>;
  }

  /** After a write to an array's copy: remember how short it got (a shorter length drops slots). */
  private wrote(): void {
    if (this.written && Array.isArray(this.copy)) this.minLength = Math.min(this.minLength, this.copy.length);
  }

  private extra(key: PropertyKey): boolean {
    return this.isRoot && typeof key === "string" && hasOwn(this.draft.extras, key) && !hasOwn(this.current(), key);
  }

  // The hottest trap (every read a hook makes): written flat, as few calls as the interpreter can do with.
  get(_target: object, key: PropertyKey, receiver: unknown): unknown {
    const src = (this.copy ?? this.base) as Record<PropertyKey, unknown>;
    if (typeof key !== "string") return Reflect.get(src, key, receiver);
    if (hasOwn(src, key)) return this.draft.wrap(Reflect.get(src, key, receiver), this);
    // Extras show on the root only where the context has no such key.
    if (this.isRoot && hasOwn(this.draft.extras, key)) return this.draft.extras[key];
    return Reflect.get(src, key, receiver);
  }

  set(_target: object, key: PropertyKey, value: unknown): boolean {
    const src = this.current();
    // Assigning a node to where it already is (ctx.x = ctx.x) is not a write.
    if (typeof key === "string" && hasOwn(src, key) && this.draft.sameNode(value, src[key])) return true;
    this.draft.remember(value);
    Reflect.set(this.writable(key), key, value);
    this.wrote();
    return true;
  }

  defineProperty(_target: object, key: PropertyKey, descriptor: PropertyDescriptor): boolean {
    this.draft.remember(descriptor.value);
    const done = Reflect.defineProperty(this.writable(key), key, { ...descriptor, configurable: true });
    this.wrote();
    return done;
  }

  deleteProperty(_target: object, key: PropertyKey): boolean {
    if (!hasOwn(this.current(), key)) return true;
    return Reflect.deleteProperty(this.writable(key), key);
  }

  has(_target: object, key: PropertyKey): boolean {
    return key in this.current() || this.extra(key);
  }

  ownKeys(): ArrayLike<string | symbol> {
    return Reflect.ownKeys(this.current());
  }

  getOwnPropertyDescriptor(_target: object, key: PropertyKey): PropertyDescriptor | undefined {
    const descriptor = Reflect.getOwnPropertyDescriptor(this.current(), key);
    if (descriptor && "value" in descriptor && typeof key === "string") {
      descriptor.value = this.draft.wrap(descriptor.value, this);
    }
    return descriptor;
  }

  // Changing the prototype or extensibility would reach through to the committed object.
  setPrototypeOf(): boolean {
    return false;
  }

  preventExtensions(): boolean {
    return false;
  }
}

export class Draft {
  /**
   * Each node's state, under both its committed object and its proxy (told apart by
   * `state.proxy === key`). One Map, and the sets below made on first use: a draft lives for one
   * hook call, most hooks touch a few nodes, and in the sandbox's interpreter creating the
   * collections was a third of a read-only hook's cost.
   */
  private readonly nodes = new Map<object, NodeState>();
  /** Objects a hook created and stored; they are the hook's own, never wrapped. */
  private userOwned: Set<object> | null = null;
  private memo: Map<object, Json> | null = null;
  private inProgress: Set<object> | null = null;
  private readonly rootState: NodeState;

  /** The hook stored an existing node somewhere (which may have created new sharing). */
  placedExisting = false;

  constructor(
    /** The committed context this draft starts from (never mutated). */
    readonly base: JsonObject,
    shared: readonly SharedGroup[] = [],
    /** Host objects shown on the root but never committed (a logger): readable, not listed, not JSON. */
    readonly extras: Readonly<Record<string, unknown>> = {},
  ) {
    this.rootState = this.stateOf(base, null);
    for (const group of shared) for (const tokens of group) this.link(tokens);
  }

  /** Creates the states along `tokens` with parent links; a path that no longer exists stops early. */
  private link(tokens: readonly string[]): void {
    let state = this.rootState;
    for (const token of tokens) {
      const node = state.base as Record<string, unknown>;
      const child = hasOwn(node, token) ? node[token] : undefined;
      if (!isObjectLike(child)) return;
      state = this.stateOf(child, state);
    }
  }

  /** The object to hand to the hook. */
  get root(): JsonObject {
    return this.rootState.proxy as JsonObject;
  }

  /** The draft as committed JSON; untouched subtrees are the base's own objects. */
  finalize(): JsonObject {
    return this.finalizeNode(this.rootState, "") as JsonObject;
  }

  /**
   * The patch from the committed context to {@link finalize}'s result: the ops `diffJson(base,
   * finalize())` gives, found by descending only into the nodes written through. A node the
   * hook never wrote to itself keeps its keys (or length) and differs only in its dirty
   * children, so the walk skips the rest without comparing it; a node it wrote to is diffed as
   * diffJson would. In the sandbox's interpreter a nested write (one text block of one
   * message) cost more to diff from the root than to finalise.
   */
  patch(): JsonPatch {
    const ops: JsonPatch = [];
    this.patchNode(this.rootState, this.base, this.finalize(), "", ops);
    return ops;
  }

  private patchNode(state: NodeState | undefined, before: Json, after: Json, path: string, ops: JsonPatch): void {
    if (before === after) return;
    if (state === undefined || state.copy !== null || !isObjectLike(before) || !isObjectLike(after) || Array.isArray(before) !== Array.isArray(after)) {
      for (const op of diffJson(before, after, path)) ops.push(op);
      return;
    }
    if (Array.isArray(before)) {
      const out = after as Json[];
      // Ascending, as diffJson's walk of the changed middle of an array of the same length.
      for (let i = 0; i < before.length; i++) {
        const item = before[i] as Json;
        if (item !== out[i]) this.patchNode(this.nodeOf(item), item, out[i] as Json, `${path}/${i}`, ops);
      }
      return;
    }
    const out = after as JsonObject;
    for (const key of Object.keys(before)) {
      const member = before[key] as Json;
      if (member !== out[key]) this.patchNode(this.nodeOf(member), member, out[key] as Json, `${path}/${escapePointerToken(key)}`, ops);
    }
  }

  private nodeOf(value: Json): NodeState | undefined {
    return isObjectLike(value) ? this.nodes.get(value) : undefined;
  }

  /** Converts a value the hook returned (possibly holding drafts) to JSON; undefined stays undefined. */
  toJson(value: unknown, path = ""): Json | undefined {
    return this.userValue(value, path);
  }

  private stateOf(base: object, parent: NodeState | null): NodeState {
    let state = this.nodes.get(base);
    if (!state) {
      state = new NodeState(this, base, base === this.base);
      this.nodes.set(base, state);
      this.nodes.set(state.proxy, state);
    }
    if (parent && !state.parents.includes(parent)) {
      state.parents.push(parent);
      if (state.dirty) {
        (parent.dirtyChildren ??= new Set()).add(state);
        markDirty(parent);
      }
    }
    return state;
  }

  /** What a read of `value` stored in `state` hands to the hook. */
  wrap(value: unknown, state: NodeState): unknown {
    if (typeof value !== "object" || value === null) return value;
    const known = this.nodes.get(value);
    if (known !== undefined) {
      if (known.proxy === value) return value;
      // Read again from the parent it was first read from: nothing to link.
      if (known.parents.length === 1 && known.parents[0] === state) return known.proxy;
      return this.stateOf(value, state).proxy;
    }
    if (this.userOwned?.has(value)) return value;
    return this.stateOf(value, state).proxy;
  }

  /** The state whose proxy `value` is, if it is one of this draft's proxies. */
  private proxyState(value: object): NodeState | undefined {
    const state = this.nodes.get(value);
    return state?.proxy === value ? state : undefined;
  }

  /** The state of `value`, a proxy or a committed object of this draft. */
  private stateFor(value: object): NodeState | undefined {
    return this.nodes.get(value);
  }

  /** Notes a value the hook stores: its own objects stay its own; an existing node may create sharing. */
  remember(value: unknown): void {
    if (!isObjectLike(value)) return;
    if (this.proxyState(value)) this.placedExisting = true;
    else (this.userOwned ??= new Set()).add(value);
  }

  /** Whether storing `value` where `stored` is changes nothing (the same node or primitive). */
  sameNode(value: unknown, stored: unknown): boolean {
    if (value === stored) return true;
    const state = isObjectLike(value) ? this.proxyState(value) : undefined;
    return state !== undefined && state.base === stored;
  }

  private finalizeNode(state: NodeState, path: string): Json {
    if (!state.dirty) return state.base as Json;
    const memo = (this.memo ??= new Map());
    const inProgress = (this.inProgress ??= new Set());
    const done = memo.get(state);
    if (done !== undefined) return done;
    if (inProgress.has(state)) throw new DraftValueError(`the context has a circular reference at ${path || "/"}`);
    inProgress.add(state);
    const base = state.base as Record<string, Json> | Json[];
    const src = (state.copy ?? base) as Record<string, unknown> | unknown[];
    let out: Json;
    if (Array.isArray(src) && Array.isArray(base) && (state.written || !state.copy)) {
      out = this.finalizeArray(state, base, src, path);
    } else if (Array.isArray(src)) {
      const arr: Json[] = new Array<Json>(src.length);
      let same = Array.isArray(base) && base.length === src.length;
      for (let i = 0; i < src.length; i++) {
        const v = this.slotValue(src[i], path, i);
        arr[i] = v === undefined ? null : v;
        if (same && arr[i] !== (base as Json[])[i]) same = false;
      }
      out = same ? (base as Json[]) : arr;
    } else if (!state.copy) {
      out = this.finalizeUncopied(base as Record<string, Json>, path);
    } else {
      const obj: JsonObject = {};
      const keys = Object.keys(src);
      let same = !Array.isArray(base) && keys.length === Object.keys(base).length;
      for (const key of keys) {
        const v = this.slotValue(src[key], path, key);
        if (v === undefined) {
          same = false;
          continue;
        }
        setOwn(obj, key, v);
        if (same && (!hasOwn(base, key) || (base as Record<string, Json>)[key] !== v)) same = false;
      }
      out = same ? (base as JsonObject) : obj;
    }
    inProgress.delete(state);
    memo.set(state, out);
    return out;
  }

  /**
   * A dirty object the hook never wrote to itself (only through its children): every member is
   * still the committed one, so only the children written through can differ.
   */
  private finalizeUncopied(base: Record<string, Json>, path: string): Json {
    const obj: JsonObject = {};
    let same = true;
    for (const key of Object.keys(base)) {
      const committed = base[key] as Json;
      let v = committed;
      if (typeof committed === "object" && committed !== null) {
        const child = this.nodes.get(committed);
        if (child !== undefined && child.dirty) v = this.finalizeNode(child, `${path}/${key}`);
      }
      setOwn(obj, key, v);
      if (v !== committed) same = false;
    }
    return same ? base : obj;
  }

  /**
   * A dirty array, visiting only what can differ from the committed one: the written slots,
   * the slots past the shortest length the copy had, and the slots holding children that were
   * written through. Every other slot still holds the committed element, which is its own JSON
   * (at 1 MB of history, walking every message of an array a hook pushed to was most of a call).
   */
  private finalizeArray(state: NodeState, base: Json[], src: unknown[], path: string): Json[] {
    const written = state.written ?? NO_KEYS;
    const out = src.slice() as Json[];
    // Never copied: every slot is the committed one, and only children written through can differ.
    const stable = Math.min(state.written ? state.minLength : base.length, base.length, src.length);
    let same = src.length === base.length;
    const slot = (i: number) => {
      const v = this.slotValue(src[i], path, i);
      out[i] = v === undefined ? null : v;
      if (same && out[i] !== base[i]) same = false;
    };
    for (let i = stable; i < src.length; i++) slot(i);
    for (const key of written) {
      const i = arrayIndex(key);
      if (i !== -1 && i < stable) slot(i);
    }
    for (const child of state.dirtyChildren ?? []) {
      const value = child.base as Json;
      for (let i = base.indexOf(value); i !== -1 && i < stable; i = base.indexOf(value, i + 1)) {
        if (written.has(String(i))) continue;
        out[i] = this.finalizeNode(child, `${path}/${i}`);
        if (same && out[i] !== base[i]) same = false;
      }
    }
    return same ? base : out;
  }

  /**
   * A value held by a draft node at `key`: a committed child, a proxy, or something the hook
   * stored. The slot's path only names the place in an error, so it is built only for a node
   * that is walked further (most slots of a large array are untouched children or primitives).
   */
  private slotValue(value: unknown, parentPath: string, key: string | number): Json | undefined {
    if (!isObjectLike(value)) return primitiveJson(value, parentPath, key);
    const state = this.stateFor(value);
    if (state) return state.dirty ? this.finalizeNode(state, `${parentPath}/${key}`) : (state.base as Json);
    if (this.userOwned?.has(value)) return this.userValue(value, `${parentPath}/${key}`);
    return value as Json; // an untouched committed child
  }

  /** {@link userValue} of the value at `key` of a hook-made object, building its path only when needed. */
  private userSlot(value: unknown, parentPath: string, key: string | number): Json | undefined {
    return isObjectLike(value) ? this.userValue(value, `${parentPath}/${key}`) : primitiveJson(value, parentPath, key);
  }

  /** A hook-made value, converted as JSON.stringify would (drafts inside are finalised). */
  private userValue(value: unknown, path: string): Json | undefined {
    if (!isObjectLike(value)) return primitiveJson(value, path);
    const state = this.stateFor(value);
    if (state) {
      this.placedExisting = true;
      return this.finalizeNode(state, path);
    }
    const memo = (this.memo ??= new Map());
    const inProgress = (this.inProgress ??= new Set());
    const done = memo.get(value);
    if (done !== undefined) return done;
    const toJSON: unknown = (value as { toJSON?: unknown }).toJSON;
    if (typeof toJSON === "function") return this.userValue(toJSON.call(value, ""), path);
    if (value instanceof Number || value instanceof String || value instanceof Boolean) {
      return primitiveJson(value.valueOf(), path);
    }
    if (inProgress.has(value)) throw new DraftValueError(`the context has a circular reference at ${path || "/"}`);
    inProgress.add(value);
    let out: Json;
    if (Array.isArray(value)) {
      const arr: Json[] = new Array<Json>(value.length);
      for (let i = 0; i < value.length; i++) {
        const v = this.userSlot(value[i], path, i);
        arr[i] = v === undefined ? null : v;
      }
      out = arr;
    } else {
      const obj: JsonObject = {};
      const src = value as Record<string, unknown>;
      for (const key of Object.keys(src)) {
        const v = this.userSlot(src[key], path, key);
        if (v !== undefined) setOwn(obj, key, v);
      }
      out = obj;
    }
    inProgress.delete(value);
    memo.set(value, out);
    return out;
  }
}

const NO_KEYS: ReadonlySet<string> = new Set<string>();

function markDirty(state: NodeState): void {
  if (state.dirty) return;
  state.dirty = true;
  for (const parent of state.parents) {
    (parent.dirtyChildren ??= new Set()).add(state);
    markDirty(parent);
  }
}

/** `key` as an array index, or -1 when it is not one ("length", "01", "-1", "x"). */
function arrayIndex(key: string): number {
  const n = Number(key);
  return Number.isInteger(n) && n >= 0 && String(n) === key ? n : -1;
}

/** A primitive as JSON.stringify stores it; `key`, if given, is appended to `path` for the error. */
function primitiveJson(value: unknown, path: string, key?: string | number): Json | undefined {
  switch (typeof value) {
    case "string":
    case "boolean":
      return value;
    case "number":
      return Number.isFinite(value) ? value : null;
    case "bigint":
      throw new DraftValueError(`a BigInt cannot be stored in the context (at ${(key === undefined ? path : `${path}/${key}`) || "/"})`);
    default:
      return value === null ? null : undefined; // undefined, functions and symbols are dropped
  }
}
