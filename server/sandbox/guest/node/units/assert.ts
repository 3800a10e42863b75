import { deepEqual } from "../deepEqual";
import { inspect } from "../inspect";
import type { UnitEnv } from "../unitEnv";

/**
 * Guest unit `assert` (and `assert/strict`): Node's assertions and `AssertionError` (code
 * ERR_ASSERTION, actual, expected, operator). Messages follow Node's for primitives; a failed
 * deep comparison shows both values whole instead of Node's line diff.
 */

export class AssertionError extends Error {
  readonly code = "ERR_ASSERTION";
  actual: unknown;
  expected: unknown;
  operator: string;
  generatedMessage: boolean;
  constructor(options: { message?: unknown; actual?: unknown; expected?: unknown; operator?: string; generated?: string }) {
    const custom = options.message !== undefined;
    super(custom ? String(options.message) : (options.generated ?? "Failed"));
    Object.defineProperty(this, "name", { value: "AssertionError", writable: true, configurable: true });
    this.actual = options.actual;
    this.expected = options.expected;
    this.operator = options.operator ?? "fail";
    this.generatedMessage = !custom;
  }
}

const show = (v: unknown) => inspect(v);

function fail(message: unknown, generated: string, actual: unknown, expected: unknown, operator: string): never {
  if (message instanceof Error) throw message;
  throw new AssertionError({ message, generated, actual, expected, operator });
}

function matches(error: unknown, expected: unknown): boolean {
  if (expected === undefined) return true;
  if (typeof expected === "function") {
    if ((expected as { prototype?: unknown }).prototype !== undefined && error instanceof (expected as new () => unknown)) return true;
    if (Error.isPrototypeOf(expected as object) || expected === Error) return false;
    return (expected as (e: unknown) => unknown)(error) === true;
  }
  if (expected instanceof RegExp) return expected.test(String(error));
  if (typeof expected === "object" && expected !== null) {
    return Object.keys(expected).every((k) => {
      const want = (expected as Record<string, unknown>)[k];
      const got = (error as Record<string, unknown> | null)?.[k];
      return want instanceof RegExp && typeof got === "string" ? want.test(got) : deepEqual(got, want, true);
    });
  }
  return false;
}

function makeAssert(strict: boolean) {
  const ok = (value: unknown, message?: unknown) => {
    if (!value) fail(message, arguments0(value), value, true, "==");
  };
  const arguments0 = (value: unknown) => (value === undefined ? "No value argument passed to `assert.ok()`" : `${show(value)} == true`);
  const strictEqual = (actual: unknown, expected: unknown, message?: unknown) => {
    if (!Object.is(actual, expected)) fail(message, `Expected values to be strictly equal:\n\n${show(actual)} !== ${show(expected)}\n`, actual, expected, "strictEqual");
  };
  const notStrictEqual = (actual: unknown, expected: unknown, message?: unknown) => {
    if (Object.is(actual, expected)) fail(message, `Expected "actual" to be strictly unequal to: ${show(expected)}`, actual, expected, "notStrictEqual");
  };
  const deepStrictEqual = (actual: unknown, expected: unknown, message?: unknown) => {
    if (!deepEqual(actual, expected, true)) fail(message, `Expected values to be strictly deep-equal:\n+ actual - expected\n\n+ ${show(actual)}\n- ${show(expected)}`, actual, expected, "deepStrictEqual");
  };
  const notDeepStrictEqual = (actual: unknown, expected: unknown, message?: unknown) => {
    if (deepEqual(actual, expected, true)) fail(message, `Expected "actual" not to be strictly deep-equal to: ${show(expected)}`, actual, expected, "notDeepStrictEqual");
  };
  const loose = {
    equal: (actual: unknown, expected: unknown, message?: unknown) => {
      if (!(actual == expected || (actual !== actual && expected !== expected))) fail(message, `${show(actual)} == ${show(expected)}`, actual, expected, "==");
    },
    notEqual: (actual: unknown, expected: unknown, message?: unknown) => {
      if (actual == expected || (actual !== actual && expected !== expected)) fail(message, `${show(actual)} != ${show(expected)}`, actual, expected, "!=");
    },
    deepEqual: (actual: unknown, expected: unknown, message?: unknown) => {
      if (!deepEqual(actual, expected, false)) fail(message, `Expected values to be loosely deep-equal:\n\n${show(actual)}\n\nshould loosely deep-equal\n\n${show(expected)}`, actual, expected, "deepEqual");
    },
    notDeepEqual: (actual: unknown, expected: unknown, message?: unknown) => {
      if (deepEqual(actual, expected, false)) fail(message, `Expected "actual" not to be loosely deep-equal to:\n\n${show(expected)}`, actual, expected, "notDeepEqual");
    },
  };
  const missing = (expected: unknown, message: unknown, op: string) => {
    const name = typeof expected === "function" && (expected as { name?: string }).name ? ` (${(expected as { name: string }).name})` : "";
    const suffix = typeof message === "string" ? `: ${message}` : ".";
    fail(undefined, `Missing expected ${op === "rejects" ? "rejection" : "exception"}${name}${suffix}`, undefined, expected, op);
  };
  const throws = (fn: unknown, expected?: unknown, message?: unknown) => {
    if (typeof fn !== "function") throw new TypeError('The "fn" argument must be of type function');
    if (typeof expected === "string") [message, expected] = [expected, undefined];
    try {
      (fn as () => unknown)();
    } catch (error) {
      if (!matches(error, expected)) {
        if (typeof expected === "function" && (expected as { prototype?: unknown }).prototype !== undefined && !Error.isPrototypeOf(expected as object) && expected !== Error) throw error;
        fail(message, `The error is expected to match ${show(expected)}. Received ${show(error)}`, error, expected, "throws");
      }
      return;
    }
    missing(expected, message, "throws");
  };
  const rejects = async (promiseOrFn: unknown, expected?: unknown, message?: unknown) => {
    if (typeof expected === "string") [message, expected] = [expected, undefined];
    const promise = typeof promiseOrFn === "function" ? (promiseOrFn as () => Promise<unknown>)() : promiseOrFn;
    try {
      await promise;
    } catch (error) {
      if (!matches(error, expected)) fail(message, `The error is expected to match ${show(expected)}. Received ${show(error)}`, error, expected, "rejects");
      return;
    }
    missing(expected, message, "rejects");
  };
  const base = strict
    ? { equal: strictEqual, notEqual: notStrictEqual, deepEqual: deepStrictEqual, notDeepEqual: notDeepStrictEqual }
    : loose;
  const assert = Object.assign((value: unknown, message?: unknown) => ok(value, message), {
    ok,
    ...base,
    strictEqual,
    notStrictEqual,
    deepStrictEqual,
    notDeepStrictEqual,
    throws,
    doesNotThrow(fn: () => unknown, _expected?: unknown, message?: unknown) {
      try {
        fn();
      } catch (error) {
        fail(typeof _expected === "string" ? _expected : message, `Got unwanted exception.\nActual message: "${(error as Error)?.message ?? String(error)}"`, error, undefined, "doesNotThrow");
      }
    },
    rejects,
    async doesNotReject(promiseOrFn: unknown, _expected?: unknown, message?: unknown) {
      try {
        await (typeof promiseOrFn === "function" ? (promiseOrFn as () => Promise<unknown>)() : promiseOrFn);
      } catch (error) {
        fail(message, `Got unwanted rejection.\nActual message: "${(error as Error)?.message ?? String(error)}"`, error, undefined, "doesNotReject");
      }
    },
    match(value: unknown, regexp: RegExp, message?: unknown) {
      if (typeof value !== "string" || !regexp.test(value)) {
        const gen = typeof value !== "string" ? `The "string" argument must be of type string. Received type ${typeof value} (${show(value)})` : `The input did not match the regular expression ${String(regexp)}. Input:\n\n${show(value)}\n`;
        fail(message, gen, value, regexp, "match");
      }
    },
    doesNotMatch(value: unknown, regexp: RegExp, message?: unknown) {
      if (typeof value !== "string" || regexp.test(value)) {
        fail(message, `The input was expected to not match the regular expression ${String(regexp)}. Input:\n\n${show(value)}\n`, value, regexp, "doesNotMatch");
      }
    },
    fail(message?: unknown) {
      fail(message, "Failed", undefined, undefined, "fail");
    },
    ifError(value: unknown) {
      if (value === null || value === undefined) return;
      const text = value instanceof Error ? value.message : show(value);
      fail(undefined, `ifError got unwanted exception: ${text}`, value, null, "ifError");
    },
    AssertionError,
  });
  return assert;
}

export function create(_env: UnitEnv): Record<string, unknown> {
  const assert = makeAssert(false) as unknown as Record<string, unknown>;
  const strict = makeAssert(true) as unknown as Record<string, unknown>;
  assert.strict = strict;
  strict.strict = strict;
  return assert;
}
