"use client";
import { memo, useMemo, useState } from "react";
import type { JsonObject } from "~/core/json";

const PREVIEW_CHARS = 20_000;

/** The full context at a step, pretty-printed; megabyte contexts show a preview until asked. */
export const ContextView = memo(function ContextView({ context }: { context: JsonObject }) {
  const [all, setAll] = useState(false);
  const text = useMemo(() => JSON.stringify(context, null, 2), [context]);
  const long = text.length > PREVIEW_CHARS;
  return (
    <div className="run-context" data-testid="step-context">
      <pre className="run-json">{all || !long ? text : text.slice(0, PREVIEW_CHARS)}</pre>
      {long && !all ? (
        <button type="button" onClick={() => setAll(true)}>
          Show all {Math.round(text.length / 1024)} KB
        </button>
      ) : null}
    </div>
  );
});
