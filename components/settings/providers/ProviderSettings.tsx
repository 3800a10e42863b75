"use client";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useState } from "react";
import { errorMessage, fieldError } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import type { RouterOutputs } from "~/components/providers/routerTypes";
import styles from "./providers.module.css";

type ProviderView = RouterOutputs["providers"]["list"]["providers"][number];
type Kind = ProviderView["kind"];

/** What each kind speaks (the server's PROVIDER_KINDS; the form does not wait for the list to offer them). */
const KINDS: { id: Kind; label: string }[] = [
  { id: "openai", label: "OpenAI-compatible Chat Completions" },
  { id: "anthropic", label: "Anthropic Messages API" },
];

const BASE_URL_HINTS: Record<Kind, string> = {
  anthropic: "empty: https://api.anthropic.com",
  openai: "empty: https://api.openai.com/v1 — Ollama: http://127.0.0.1:11434/v1",
};

interface Draft {
  id?: string;
  name: string;
  kind: Kind;
  baseUrl: string;
  defaultModel: string;
  /** What was typed; "" on an existing entry keeps its key. */
  apiKey: string;
  removeKey: boolean;
  keyHint: string | null;
}

const emptyDraft: Draft = { name: "", kind: "openai", baseUrl: "", defaultModel: "", apiKey: "", removeKey: false, keyHint: null };

/**
 * Settings → Model providers: the real models scenarios may call. Keys are typed here and go
 * to the server once; the page only ever gets them back as `sk-…abcd`.
 */
export function ProviderSettings() {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.providers.list.queryOptions());
  const [draft, setDraft] = useState<Draft | null>(null);
  const [tests, setTests] = useState<Record<string, { ok: true; models: string[] } | { ok: false; error: string } | "testing">>({});
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.providers.list.queryKey() });
  const save = useMutation(trpc.providers.save.mutationOptions({ onSuccess: () => void refresh().then(() => setDraft(null)) }));
  const remove = useMutation(trpc.providers.remove.mutationOptions({ onSuccess: () => void refresh() }));
  const test = useMutation(trpc.providers.testConnection.mutationOptions());

  const runTest = (name: string) => {
    setTests((t) => ({ ...t, [name]: "testing" }));
    test.mutate({ name }, { onSuccess: (result) => setTests((t) => ({ ...t, [name]: result })), onError: (error) => setTests((t) => ({ ...t, [name]: { ok: false, error: errorMessage(error) } })) });
  };
  const submit = () => {
    if (!draft) return;
    save.mutate({
      ...(draft.id ? { id: draft.id } : {}),
      name: draft.name,
      kind: draft.kind,
      baseUrl: draft.baseUrl,
      defaultModel: draft.defaultModel,
      // Empty on an existing entry: keep the stored key (it is never sent back to fill the field).
      apiKey: draft.removeKey ? "" : draft.apiKey === "" && draft.id ? null : draft.apiKey,
    });
  };
  const providers = list.data?.providers ?? [];

  return (
    <div className={styles.page}>
      <h1>Model providers</h1>
      <p className={styles.intro}>
        Real models a scenario may call instead of its scripted replies: the Anthropic Messages API, or any OpenAI-compatible Chat Completions server (OpenAI, Ollama, vLLM, LM Studio,
        llama.cpp, OpenRouter). Keys stay on this server, stored encrypted (AES-256-GCM, {list.data?.secret === "env" ? "with HOOKWRIGHT_SECRET" : "with the secret file beside the database"}); this page only
        shows their last characters. Providers set by environment variables (ANTHROPIC_API_KEY, OPENAI_API_KEY, OPENAI_BASE_URL) are listed too.
      </p>
      {list.error ? <p className="alert" role="alert">{errorMessage(list.error)}</p> : null}
      <table className={styles.table} aria-label="Model providers">
        <thead>
          <tr>
            <th>Name</th>
            <th>Speaks</th>
            <th>Base URL</th>
            <th>Default model</th>
            <th>Key</th>
            <th>From</th>
            <th />
          </tr>
        </thead>
        <tbody>
          {providers.length === 0 && list.isSuccess ? (
            <tr>
              <td colSpan={7}>No provider yet: runs use scripted replies only.</td>
            </tr>
          ) : null}
          {providers.map((p) => {
            const result = tests[p.name];
            return (
              <tr key={`${p.source}:${p.name}`} data-provider={p.name}>
                <td>
                  <strong>{p.name}</strong>
                </td>
                <td>{KINDS.find((k) => k.id === p.kind)?.label ?? p.kind}</td>
                <td className={styles.mono}>{p.baseUrl ?? "default"}</td>
                <td className={styles.mono}>{p.defaultModel || "—"}</td>
                <td className={`${styles.mono} ${styles.key}`} data-testid="provider-key">
                  {p.keyHint ?? "none"}
                </td>
                <td>{p.source === "env" ? (p.shadowed ? "environment (hidden by the entry above)" : "environment") : "settings"}</td>
                <td>
                  <div className={styles.actions}>
                    <button type="button" className="btn" onClick={() => runTest(p.name)} disabled={result === "testing" || p.shadowed === true}>
                      {result === "testing" ? "Testing…" : "Test connection"}
                    </button>
                    {p.source === "settings" && p.id ? (
                      <>
                        <button
                          type="button"
                          className="btn btn-quiet"
                          onClick={() => setDraft({ id: p.id ?? undefined, name: p.name, kind: p.kind, baseUrl: p.baseUrl ?? "", defaultModel: p.defaultModel, apiKey: "", removeKey: false, keyHint: p.keyHint })}
                        >
                          Edit
                        </button>
                        <button type="button" className="btn btn-quiet danger" onClick={() => p.id && remove.mutate({ id: p.id })} aria-label={`Delete provider ${p.name}`}>
                          Delete
                        </button>
                      </>
                    ) : null}
                  </div>
                  {result && result !== "testing" ? (
                    result.ok ? (
                      <div data-testid="provider-test-result">
                        <span className={styles.ok}>
                          Connected: {result.models.length} model{result.models.length === 1 ? "" : "s"}
                        </span>
                        <ul className={styles.models} aria-label={`Models of ${p.name}`}>
                          {result.models.slice(0, 50).map((m) => (
                            <li key={m}>{m}</li>
                          ))}
                        </ul>
                      </div>
                    ) : (
                      <p className="field-error" role="alert" data-testid="provider-test-result">
                        {result.error}
                      </p>
                    )
                  ) : null}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {remove.error ? <p className="alert" role="alert">{errorMessage(remove.error)}</p> : null}

      {draft ? (
        <form
          className={`card ${styles.form}`}
          aria-label={draft.id ? `Edit provider ${draft.name}` : "Add a provider"}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          <div className={styles.field}>
            <label className="label" htmlFor="provider-name">
              Name
            </label>
            <input id="provider-name" className="input" value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} aria-invalid={fieldError(save.error, "name") ? true : undefined} />
            <p className={styles.hint}>What scenarios name, e.g. ollama.</p>
            {fieldError(save.error, "name") ? <p className="field-error">{fieldError(save.error, "name")}</p> : null}
          </div>
          <div className={styles.field}>
            <label className="label" htmlFor="provider-kind">
              Speaks
            </label>
            <select id="provider-kind" className="select" value={draft.kind} onChange={(e) => setDraft({ ...draft, kind: e.target.value as Kind })}>
              {KINDS.map((k) => (
                <option key={k.id} value={k.id}>
                  {k.label}
                </option>
              ))}
            </select>
          </div>
          <div className={styles.field}>
            <label className="label" htmlFor="provider-base-url">
              Base URL
            </label>
            <input id="provider-base-url" className="input" value={draft.baseUrl} placeholder={BASE_URL_HINTS[draft.kind]} onChange={(e) => setDraft({ ...draft, baseUrl: e.target.value })} />
            {fieldError(save.error, "baseUrl") ? <p className="field-error">{fieldError(save.error, "baseUrl")}</p> : null}
          </div>
          <div className={styles.field}>
            <label className="label" htmlFor="provider-model">
              Default model
            </label>
            <input id="provider-model" className="input" value={draft.defaultModel} placeholder={draft.kind === "anthropic" ? "claude-sonnet-4-5" : "llama3.2"} onChange={(e) => setDraft({ ...draft, defaultModel: e.target.value })} />
          </div>
          <div className={`${styles.field} ${styles.wide}`}>
            <label className="label" htmlFor="provider-key">
              API key
            </label>
            <input
              id="provider-key"
              className="input"
              type="password"
              autoComplete="off"
              spellCheck={false}
              value={draft.apiKey}
              disabled={draft.removeKey}
              placeholder={draft.keyHint ? `unchanged (${draft.keyHint})` : draft.kind === "openai" ? "none needed for Ollama or LM Studio" : "sk-ant-…"}
              onChange={(e) => setDraft({ ...draft, apiKey: e.target.value })}
            />
            {draft.keyHint ? (
              <label className={styles.hint}>
                <input type="checkbox" checked={draft.removeKey} onChange={(e) => setDraft({ ...draft, removeKey: e.target.checked })} /> Remove the stored key
              </label>
            ) : null}
          </div>
          {save.error && !fieldError(save.error, "name") && !fieldError(save.error, "baseUrl") ? (
            <p className={`alert ${styles.wide}`} role="alert">
              {errorMessage(save.error)}
            </p>
          ) : null}
          <div className={`${styles.actions} ${styles.wide}`}>
            <button type="submit" className="btn btn-primary" disabled={save.isPending}>
              {save.isPending ? "Saving…" : "Save provider"}
            </button>
            <button type="button" className="btn btn-quiet" onClick={() => setDraft(null)}>
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div>
          <button type="button" className="btn btn-primary" onClick={() => setDraft(emptyDraft)}>
            Add provider
          </button>
        </div>
      )}
    </div>
  );
}
