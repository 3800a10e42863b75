"use client";
import { useState } from "react";
import type { Attachment, InferenceReply, ScenarioInference } from "~/core/pipeline/inferenceSchema";
import type { Scenario } from "~/core/pipeline/schema";
import type { ScenarioPatch } from "./types";
import styles from "~/components/files/files.module.css";

type Profile = ScenarioInference["profiles"][string];

/** The largest image a prompt may carry (the scenario schema's limit on its base64). */
const MAX_IMAGE_BYTES = Math.floor((2 * 1024 * 1024 * 3) / 4);

/**
 * Two scenario inputs for hosts whose plugins read the workspace's models: images attached to
 * the prompt (one image block each after the prompt's text), and the scenario's `inference`
 * settings, the host's inference profiles (which is active, each one's provider and model) and
 * the replies that answer, in order, the model calls hooks make themselves (only for profiles whose
 * host lets plugins call models, `Profile.hookInference`). Typing reports a
 * patch without a label; adding and removing report one with a label (an undo step).
 */
export function ScenarioInferenceFields({ value, withInference, onPatch }: { value: Scenario; withInference: boolean; onPatch: (patch: ScenarioPatch, label?: string) => void }) {
  const attachments = value.attachments ?? [];
  const inference: ScenarioInference = value.inference ?? { profiles: {}, replies: [] };
  const keys = Object.keys(inference.profiles);
  const [problem, setProblem] = useState<string | null>(null);
  const setAttachments = (next: Attachment[], label: string) => onPatch({ attachments: next.length > 0 ? next : undefined }, label);
  const setInference = (next: ScenarioInference, label?: string) => {
    const empty = Object.keys(next.profiles).length === 0 && next.replies.length === 0 && next.activeProfile === undefined && next.default === undefined;
    onPatch({ inference: empty ? undefined : next }, label);
  };
  const setProfiles = (entries: [string, Profile][], label?: string, activeProfile = inference.activeProfile) =>
    setInference({ ...withoutActive(inference), ...(activeProfile !== undefined ? { activeProfile } : {}), profiles: Object.fromEntries(entries) }, label);
  const setReplies = (replies: InferenceReply[], label?: string) => setInference({ ...inference, replies }, label);
  const entries = Object.entries(inference.profiles);

  const attach = async (file: File | undefined) => {
    if (!file) return;
    if (!file.type.startsWith("image/")) return setProblem(`${file.name} is not an image (${file.type || "unknown type"}): attach a PNG, JPEG, GIF or WebP`);
    if (file.size > MAX_IMAGE_BYTES) return setProblem(`${file.name} is ${Math.round(file.size / 1024)} KB; an attachment may be at most ${Math.round(MAX_IMAGE_BYTES / 1024)} KB`);
    setProblem(null);
    const bytes = new Uint8Array(await file.arrayBuffer());
    let binary = "";
    for (let i = 0; i < bytes.length; i += 0x8000) binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
    setAttachments([...attachments, { mimeType: file.type, data: btoa(binary) }], `Attach ${file.name}`);
  };

  return (
    <>
      <fieldset className={styles.fieldset} data-testid="scenario-attachments">
        <legend>Prompt attachments ({attachments.length})</legend>
        <p className={styles.note}>Images sent with the prompt: the user&apos;s message is the prompt&apos;s text, then one image block each.</p>
        {attachments.map((a, i) => (
          <div key={i} className={styles.row}>
            <code>{a.mimeType}</code>
            <span className={styles.note}>{Math.round((a.data.length * 3) / 4)} bytes</span>
            <button type="button" className="btn btn-quiet" onClick={() => setAttachments(attachments.filter((_, j) => j !== i), `Remove attachment ${i + 1}`)}>
              Remove attachment {i + 1}
            </button>
          </div>
        ))}
        <label className={styles.row}>
          Attach an image <input type="file" accept="image/*" aria-label="Attach an image to the prompt" onChange={(e) => void attach(e.target.files?.[0]).finally(() => (e.target.value = ""))} />
        </label>
        {problem ? <p className={styles.problem}>{problem}</p> : null}
      </fieldset>

      {withInference ? (
      <fieldset className={styles.fieldset} data-testid="scenario-inference">
        <legend>Inference profiles and hooks&apos; model calls</legend>
        <p className={styles.note}>
          The host&apos;s inference profiles as hooks read them (the active one is the turn&apos;s profile; a provider left empty is the model catalog&apos;s), and the replies
          that answer, in order, the model calls hooks make themselves. A call with no reply left fails.
        </p>
        <label className={styles.row}>
          Active profile
          <select aria-label="Active profile" value={inference.activeProfile ?? ""} onChange={(e) => setProfiles(entries, "Change the active profile", e.target.value === "" ? undefined : e.target.value)}>
            <option value="">(none)</option>
            {keys.map((k) => (
              <option key={k} value={k}>
                {k}
              </option>
            ))}
          </select>
        </label>
        <p className={styles.head}>
          <span className={styles.op}>Profiles ({entries.length})</span> <span className={styles.note}>key, provider, model</span>
        </p>
        {entries.map(([key, p], i) => (
          <div key={i} className={styles.row} data-testid="inference-profile">
            <input aria-label={`Key of profile ${i + 1}`} placeholder="key" value={key} spellCheck={false} onChange={(e) => setProfiles(entries.map((x, j) => (j === i ? [e.target.value, x[1]] : x)), undefined, inference.activeProfile === key ? e.target.value : inference.activeProfile)} />
            <input aria-label={`Provider of profile ${key}`} placeholder="provider" value={p.provider ?? ""} spellCheck={false} onChange={(e) => setProfiles(entries.map((x, j) => (j === i ? [x[0], optional({ ...x[1], provider: e.target.value })] : x)))} />
            <input aria-label={`Model of profile ${key}`} placeholder="model" value={p.model ?? ""} spellCheck={false} onChange={(e) => setProfiles(entries.map((x, j) => (j === i ? [x[0], optional({ ...x[1], model: e.target.value })] : x)))} />
            <label>
              <input type="checkbox" aria-label={`Profile ${key} disabled`} checked={p.status === "disabled"} onChange={(e) => setProfiles(entries.map((x, j) => (j === i ? [x[0], optional({ ...x[1], status: e.target.checked ? "disabled" : undefined })] : x)), `${e.target.checked ? "Disable" : "Enable"} profile ${key}`)} /> disabled
            </label>
            <button type="button" className="btn btn-quiet" onClick={() => setProfiles(entries.filter((_, j) => j !== i), `Remove profile ${key}`, inference.activeProfile === key ? undefined : inference.activeProfile)}>
              Remove profile
            </button>
          </div>
        ))}
        <button type="button" className="btn" onClick={() => setProfiles([...entries, [freeKey(keys), {}]], "Add an inference profile")}>
          Add profile
        </button>
        <p className={styles.head}>
          <span className={styles.op}>Replies to hooks&apos; model calls ({inference.replies.length})</span> <span className={styles.note}>the first call gets the first reply</span>
        </p>
        {inference.replies.map((r, i) => (
          <div key={i} className={styles.change} data-testid="inference-reply">
            {"text" in r ? (
              <textarea aria-label={`Reply to hooks' model call ${i + 1}`} rows={2} value={r.text} className={styles.wideInput} onChange={(e) => setReplies(inference.replies.map((x, j) => (j === i ? { text: e.target.value, stopReason: "end_turn" } : x)))} />
            ) : (
              <input aria-label={`Error of hooks' model call ${i + 1}`} value={r.error} className={styles.wideInput} onChange={(e) => setReplies(inference.replies.map((x, j) => (j === i ? { error: e.target.value } : x)))} />
            )}
            <button type="button" className="btn btn-quiet" onClick={() => setReplies(inference.replies.filter((_, j) => j !== i), `Remove reply ${i + 1}`)}>
              Remove reply
            </button>
          </div>
        ))}
        <div className={styles.row}>
          <button type="button" className="btn" onClick={() => setReplies([...inference.replies, { text: "", stopReason: "end_turn" }], "Add a reply to hooks' model calls")}>
            Add reply
          </button>
          <button type="button" className="btn btn-quiet" onClick={() => setReplies([...inference.replies, { error: "overloaded" }], "Add a failing reply to hooks' model calls")}>
            Add failing reply
          </button>
        </div>
      </fieldset>
      ) : null}
    </>
  );
}

function withoutActive(inference: ScenarioInference): Omit<ScenarioInference, "activeProfile"> {
  const { activeProfile: _active, ...rest } = inference;
  void _active;
  return rest;
}

/** The profile without the fields typed empty (the schema wants them absent or non-empty). */
function optional(p: Profile): Profile {
  return Object.fromEntries(Object.entries(p).filter(([, v]) => v !== "" && v !== undefined)) as Profile;
}

function freeKey(keys: readonly string[]): string {
  for (let n = 1; ; n++) if (!keys.includes(`profile-${n}`)) return `profile-${n}`;
}
