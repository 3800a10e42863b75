import { envReadsText, type EnvRead } from "~/core/sandbox/envRead";

/** The process.env names a hook or tool handler read (never the values), as one line. */
export function EnvReads(props: { reads: readonly EnvRead[] }) {
  return (
    <p className="run-muted" data-testid="env-reads">
      read env {envReadsText(props.reads)}
    </p>
  );
}
