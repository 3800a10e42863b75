"use client";
import { useQuery } from "@tanstack/react-query";
import Link from "next/link";
import { useEffect, useMemo, useState } from "react";
import { errorMessage } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import { createContextCursor, type StepContext } from "~/core/run/contextCursor";
import { alignOutlines } from "~/core/run/divergence";
import { describeFieldChanges } from "~/core/run/fieldChanges";
import { outlineEntry } from "~/core/run/outline";
import { applyPatch, diffJson } from "~/core/trace/jsonPatch";
import { EventDetail } from "./EventDetail";
import { FieldChangeList } from "./FieldChangeView";
import { HookCard } from "./HookCard";
import { Timeline } from "./Timeline";
import type { TraceStore } from "./traceStore";
import { useStepKeys } from "./useStepKeys";
import { useTraceVersion } from "./useTraceStore";
import { useRunTrace } from "./useRunTrace";

/**
 * Two runs of the same turn side by side (typically a recording and its re-run): where they
 * diverge first, and the context difference at any aligned step. Steps follow run B; run A
 * shows the aligned step (same n-th event of the same kind at the same point and hook).
 */
export function CompareView(props: { pipelineId: string; a: string; b: string }) {
  const trpc = useTRPC();
  const runA = useQuery(trpc.runs.get.queryOptions({ runId: props.a }));
  const runB = useQuery(trpc.runs.get.queryOptions({ runId: props.b }, { refetchInterval: (q) => (q.state.data?.run.status === "running" ? 300 : false) }));
  const bothDone = runA.data && runB.data && runA.data.run.status !== "running" && runB.data.run.status !== "running";
  const compare = useQuery({ ...trpc.runs.compare.queryOptions({ a: props.a, b: props.b }), enabled: !!bothDone });
  const a = useRunTrace(bothDone ? props.a : null, { live: false });
  const b = useRunTrace(bothDone ? props.b : null, { live: false });
  const err = runA.error ?? runB.error ?? compare.error;
  if (err) return <p className="run-error-text">{errorMessage(err)}</p>;
  if (!bothDone || !a.store || !b.store || !compare.data) return <p className="run-muted">Waiting for both runs to finish…</p>;
  const metaA = runA.data?.run;
  const metaB = runB.data?.run;
  if (!metaA || !metaB) return <p className="run-muted">Waiting for both runs to finish…</p>;
  return <ComparePanes pipelineId={props.pipelineId} a={a.store} b={b.store} runA={metaA} runB={metaB} divergence={compare.data.divergence} />;
}

/** What the headings say about each run. */
interface RunMeta {
  id: string;
  scenarioName: string;
  revision: number;
  createdAt: Date;
  rerunOf: string | null;
}

const when = new Intl.DateTimeFormat("en", { dateStyle: "medium", timeStyle: "medium" });

/** A run's heading: its role, when, scenario, and links to it and to the revision it ran. */
function RunHeading(props: { pipelineId: string; title: string; run: RunMeta }) {
  const { run } = props;
  return (
    <h2>
      {props.title} <Link href={`/pipelines/${props.pipelineId}/runs/${run.id}`}>open</Link>{" "}
      <span className="run-muted run-compare-meta">
        {run.scenarioName} · {when.format(run.createdAt)} ·{" "}
        <Link href={`/pipelines/${props.pipelineId}/history?rev=${run.revision}`} title="What this revision changed, and its code" data-testid="compare-revision">
          revision {run.revision}
        </Link>
      </span>
    </h2>
  );
}

function ComparePanes(props: {
  pipelineId: string;
  a: TraceStore;
  b: TraceStore;
  runA: RunMeta;
  runB: RunMeta;
  divergence: { index: number; hookId: string | null; point: string | null; reason: string; seqB: number | null } | null;
}) {
  const { a, b, divergence, runA, runB } = props;
  // Two runs picked from the list are A and B; a re-run and the run it re-ran keep those names.
  const rerun = runB.rerunOf === runA.id;
  const nameA = rerun ? "Original" : "Run A";
  const nameB = rerun ? "Re-run" : "Run B";
  const va = useTraceVersion(a);
  const vb = useTraceVersion(b);
  const [step, setStep] = useState(divergence ? Math.min(divergence.index, Math.max(0, b.outline.count - 1)) : 0);
  const alignment = useMemo(() => alignOutlines(a.outline, b.outline), [a, b, va, vb]); // eslint-disable-line react-hooks/exhaustive-deps
  // Re-anchor on the divergence once the outlines have arrived.
  useEffect(() => {
    if (divergence && b.outline.count > 0) setStep(Math.min(divergence.index, b.outline.count - 1));
  }, [divergence, b.outline.count]);
  const aStep = alignment[step] ?? -1;
  const cursors = useMemo(
    () => ({
      a: createContextCursor({ outline: () => a.outline, event: a.event, apply: applyPatch }),
      b: createContextCursor({ outline: () => b.outline, event: b.event, apply: applyPatch }),
    }),
    [a, b],
  );
  useEffect(() => {
    void b.ensure(1, step + 2);
    if (aStep >= 0) void a.ensure(1, aStep + 2);
  }, [a, b, step, aStep]);
  const keys = useMemo(
    () => ({
      event: (dir: 1 | -1) => setStep((s) => Math.max(0, Math.min(b.outline.count - 1, s + dir))),
      hook: (dir: 1 | -1) => {
        const code = b.outline.names.indexOf("hook.end");
        setStep((s) => {
          for (let i = s + dir; i >= 0 && i < b.outline.count; i += dir) if (b.outline.type[i] === code) return i;
          return s;
        });
      },
    }),
    [b],
  );
  useStepKeys(keys, true);

  const ctxB: StepContext = cursors.b.at(step + 1);
  const ctxA: StepContext = aStep >= 0 ? cursors.a.at(aStep + 1) : { kind: "none" };
  const contextDiff =
    ctxA.kind === "context" && ctxB.kind === "context"
      ? describeFieldChanges({ before: ctxA.context, after: ctxB.context, patch: diffJson(ctxA.context, ctxB.context) })
      : null;
  const eventA = aStep >= 0 ? a.event(aStep + 1) : undefined;
  const eventB = b.event(step + 1);
  const entry = b.outline.count > 0 ? outlineEntry(b.outline, step) : null;

  return (
    <div className="run-compare">
      <h1>Compare runs</h1>
      <p>
        <Link href={`/pipelines/${props.pipelineId}`}>Back to the designer</Link> ·{" "}
        <Link href={`/pipelines/${props.pipelineId}/runs`}>All runs</Link>
      </p>
      <div className={`run-divergence${divergence ? "" : " is-same"}`} data-testid="divergence" role="status">
        {divergence ? (
          <>
            The runs diverge first at event {divergence.index + 1}: <strong>{divergence.reason}</strong>
            {divergence.hookId ? (
              <>
                {" "}
                (hook <code data-testid="divergent-hook">{divergence.hookId}</code>
                {divergence.point ? ` on ${divergence.point}` : ""})
              </>
            ) : null}
            .{" "}
            <button type="button" onClick={() => setStep(Math.min(divergence.index, b.outline.count - 1))}>
              Go there
            </button>
          </>
        ) : (
          "The runs are identical, event for event."
        )}
      </div>
      <p className="run-muted" data-testid="compare-step">
        Step {step + 1} of {b.outline.count} in {rerun ? "the re-run" : "run B"}{entry ? ` (${entry.type}${entry.hookId ? ` ${entry.hookId}` : ""})` : ""}; aligned with event{" "}
        {aStep >= 0 ? aStep + 1 : `— (no such step in ${rerun ? "the original" : "run A"})`}. Arrows step, J/K jump between hooks.
      </p>
      <div className="run-compare-panes">
        <section aria-label={rerun ? "Original run" : "Run A"}>
          <RunHeading pipelineId={props.pipelineId} title={nameA} run={runA} />
          <Timeline outline={a.outline} version={va} step={aStep} onStep={(i) => {
            const j = alignment.indexOf(i);
            if (j >= 0) setStep(j);
          }} follow={false} event={a.event} />
          <StepPane event={eventA} cursor={cursors.a} />
        </section>
        <section aria-label={rerun ? "Re-run" : "Run B"}>
          <RunHeading pipelineId={props.pipelineId} title={nameB} run={runB} />
          <Timeline outline={b.outline} version={vb} step={step} onStep={setStep} follow={false} event={b.event} />
          <StepPane event={eventB} cursor={cursors.b} />
        </section>
      </div>
      <section className="run-context-diff" aria-label="Context difference" data-testid="context-diff">
        <h2>Context difference at this step ({rerun ? "original → re-run" : "run A → run B"})</h2>
        {contextDiff ? <FieldChangeList changes={contextDiff} /> : <p className="run-muted">No hook context at this step in both runs.</p>}
      </section>
    </div>
  );
}

function StepPane(props: { event: ReturnType<TraceStore["event"]>; cursor: ReturnType<typeof createContextCursor> }) {
  const { event } = props;
  if (!event) return <p className="run-muted">—</p>;
  if (event.type !== "hook.end") return <EventDetail event={event} />;
  const before = props.cursor.at(event.seq - 1);
  const after = props.cursor.at(event.seq);
  return (
    <HookCard event={event} before={before.kind === "context" ? before.context : null} after={after.kind === "context" ? after.context : null} />
  );
}
