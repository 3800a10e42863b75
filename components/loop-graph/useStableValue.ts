import { useRef } from "react";

/**
 * Returns the previous value while `isEqual(previous, next)` holds, so memos downstream keep
 * their results (e.g. typing code changes `hooks` but not what the graph draws from it).
 */
export function useStableValue<T>(value: T, isEqual: (a: T, b: T) => boolean): T {
  const ref = useRef(value);
  // Reading and writing the ref during render is safe here: the result depends only on inputs.
  if (ref.current !== value && !isEqual(ref.current, value)) ref.current = value;
  return ref.current;
}
