"use client";

import { useMutation, useQueryClient, useSuspenseQuery } from "@tanstack/react-query";
import { useRouter } from "next/navigation";
import { useId, useState, type FormEvent } from "react";
import { errorMessage, fieldError } from "~/components/providers/apiError";
import { useTRPC } from "~/components/providers/TrpcProvider";
import styles from "./pipelines.module.css";

export function NewPipelinePanel() {
  const trpc = useTRPC();
  const router = useRouter();
  const queryClient = useQueryClient();
  const { data: choices } = useSuspenseQuery(trpc.pipelines.choices.queryOptions());
  const [name, setName] = useState("");
  const [profile, setProfile] = useState(choices.profiles[0]?.id ?? "");
  const ids = useId();

  const create = useMutation(
    trpc.pipelines.create.mutationOptions({
      onSuccess: async (created) => {
        await queryClient.invalidateQueries({ queryKey: trpc.pipelines.list.queryKey() });
        router.push(`/pipelines/${created.id}`);
      },
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    create.mutate({ from: "blank", name, profile });
  };

  const blankError = create.variables?.from === "blank" ? create.error : null;
  const nameError = fieldError(blankError, "name");
  const profileError = fieldError(blankError, "profile");
  const otherError = blankError && !nameError && !profileError ? errorMessage(blankError) : null;
  const exampleError = create.variables?.from === "example" && create.error ? errorMessage(create.error) : null;

  return (
    <section aria-labelledby={`${ids}-title`} className={`card ${styles.newPanel}`}>
      <form onSubmit={onSubmit} noValidate className={styles.newForm}>
        <h2 id={`${ids}-title`}>New pipeline</h2>
        <div className={styles.newFields}>
          <div className={styles.nameField}>
            <label className="label" htmlFor={`${ids}-name`}>
              Name
            </label>
            <input
              id={`${ids}-name`}
              className="input"
              value={name}
              onChange={(e) => setName(e.target.value)}
              placeholder="e.g. Block risky shell commands"
              aria-invalid={nameError ? true : undefined}
              aria-describedby={nameError ? `${ids}-name-error` : undefined}
              maxLength={200}
            />
            {nameError && (
              <p id={`${ids}-name-error`} className="field-error">
                {nameError}
              </p>
            )}
          </div>
          <div className={styles.profileField}>
            <label className="label" htmlFor={`${ids}-profile`}>
              Host profile
            </label>
            <select
              id={`${ids}-profile`}
              className="select"
              value={profile}
              onChange={(e) => setProfile(e.target.value)}
              aria-describedby={profileError ? `${ids}-profile-error` : undefined}
            >
              {choices.profiles.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
            {profileError && (
              <p id={`${ids}-profile-error`} className="field-error">
                {profileError}
              </p>
            )}
          </div>
          <button type="submit" className="btn btn-primary" disabled={create.isPending}>
            {create.isPending && create.variables.from === "blank" ? "Creating…" : "Create pipeline"}
          </button>
        </div>
        {otherError && (
          <p className="alert" role="alert">
            {otherError}
          </p>
        )}
      </form>

      {choices.examples.length > 0 && (
        <div className={styles.examples}>
          <h3>Or start from an example</h3>
          <ul className={styles.exampleList}>
            {choices.examples.map((example) => (
              <li key={example.name} className={styles.example}>
                <div>
                  <span className={styles.exampleName}>{example.name}</span>{" "}
                  <span className="badge">{example.profile}</span>
                  {example.description && <p className={styles.exampleDoc}>{example.description}</p>}
                </div>
                <button
                  type="button"
                  className="btn"
                  disabled={create.isPending}
                  onClick={() => create.mutate({ from: "example", example: example.name })}
                  aria-label={`Start from example “${example.name}”`}
                >
                  Use
                </button>
              </li>
            ))}
          </ul>
          {exampleError && (
            <p className="alert" role="alert">
              {exampleError}
            </p>
          )}
        </div>
      )}
    </section>
  );
}
