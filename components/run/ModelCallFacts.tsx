import type { ModelResponseEvent } from "~/core/trace/events";

/** Who answered a model call and how (real providers): model, routing, tokens, stream timing, a rejection's kind. Nothing for scripted replies. */
export function ModelCallFacts(props: { event: ModelResponseEvent }) {
  const { provider, usage, stream, rejection, recorded, cancelled } = props.event;
  if (!provider && !cancelled) return null;
  const facts: string[] = [];
  if (provider) facts.push(`${recorded ? "recorded from" : "answered by"} ${provider.name} · ${provider.model}`);
  if (usage) facts.push(`${usage.inputTokens} tokens in, ${usage.outputTokens} out`);
  if (stream && !recorded) facts.push(stream.firstTextMs !== null ? `first text after ${stream.firstTextMs} ms, done in ${stream.durationMs} ms` : `done in ${stream.durationMs} ms`);
  if (rejection) facts.push(`${rejection.kind}${rejection.status !== null ? ` (${rejection.status})` : ""}${rejection.retryAfterSeconds !== null ? `, retry after ${rejection.retryAfterSeconds} s` : ""}`);
  if (cancelled) facts.push(cancelled === "during_call" ? "cancelled while answering" : "cancelled before the call");
  return (
    <p className="run-muted" data-testid="model-call-facts">
      {facts.join(" · ")}
      {provider?.routing ? <> — {provider.routing}</> : null}
    </p>
  );
}
