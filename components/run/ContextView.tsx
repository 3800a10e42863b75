"use client";
import { memo, useMemo, useState } from "react";
import { ExpectValueHere } from "~/components/expectations/ExpectValueHere";
import type { JsonObject } from "~/core/json";

const PREVIEW_CHARS = 20_000;

/** The full context at a step, pretty-printed; megabyte contexts show a preview until asked. */
export const ContextView = memo(function ContextView({ context, point, seq }: { context: JsonObject; point?: string; seq?: number }) {
  const [all, setAll] = useState(false);
  const text = useMemo(() => JSON.stringify(context, null, 2), [context]);
  const long = text.length > PREVIEW_CHARS;
  return (
    <div className="run-context" data-testid="step-context">
      {point !== undefined && seq !== undefined ? <ExpectValueHere context={context} point={point} seq={seq} /> : null}
      <pre className="run-json">{all || !long ? text : text.slice(0, PREVIEW_CHARS)}</pre>
      {long && !all ? (
        <button type="button" onClick={() => setAll(true)}>
          Show all {Math.round(text.length / 1024)} KB
        </button>
      ) : null}
    </div>
  );
});
