"use client";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import type { Expectation } from "~/core/pipeline/schema";
import { getProfile } from "~/core/profiles";
import { ExpectationList } from "./ExpectationList";

/** {@link ExpectationList} inside the designer: the profile and hooks come from the document being edited. */
export function DesignerExpectationList(props: { value: readonly Expectation[]; onChange: (next: Expectation[]) => void }) {
  const doc = useEditorStore((s) => s.doc);
  const profile = doc ? getProfile(doc.profile) : undefined;
  if (!doc || !profile) return null;
  return <ExpectationList value={props.value} onChange={props.onChange} profile={profile} hooks={doc.hooks} pipeline={doc} />;
}
