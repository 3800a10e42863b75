import type { Json } from "~/core/json";

/**
 * Lists a hook's output fields that are lists of strings (FIM One's side_effects, an audit trail; any host's
 * list of notes) one line each, so they read as a record rather than inside the returned JSON.
 */
export function HookOutputLists(props: { output: Json | null }) {
  const lists = stringLists(props.output);
  if (lists.length === 0) return null;
  return (
    <>
      {lists.map(([field, items]) => (
        <div key={field} className="run-output-list" data-testid="hook-output-list" data-field={field}>
          <span className="run-muted">{field}:</span>
          <ul>
            {items.map((item, i) => (
              <li key={i}>{item}</li>
            ))}
          </ul>
        </div>
      ))}
    </>
  );
}

export function stringLists(output: Json | null): Array<[string, string[]]> {
  if (output === null || typeof output !== "object" || Array.isArray(output)) return [];
  const lists: Array<[string, string[]]> = [];
  for (const [field, value] of Object.entries(output)) {
    if (Array.isArray(value) && value.length > 0 && value.every((v) => typeof v === "string")) {
      lists.push([field, value as string[]]);
    }
  }
  return lists;
}
