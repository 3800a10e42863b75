"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "~/components/providers/TrpcProvider";
import type { Dependency } from "~/core/pipeline/dependencySchema";

export interface DependencyLib {
  filePath: string;
  content: string;
}

/**
 * The server's install of the pipeline's declared dependencies, as Settings and the editor show it:
 * - `none`: nothing declared;
 * - `installing`: the set changed a moment ago or the server is installing it;
 * - `installed`: each package's version, the type declarations for Monaco, and the declared
 *   packages that have none (the editor cannot resolve their imports);
 * - `failed`: npm's or the refusal's message in plain words, and the declared package it names.
 */
export type DependencyInstall =
  | { state: "none" | "installing" }
  | { state: "installed"; versions: Record<string, string>; files: DependencyLib[]; untyped: string[] }
  | { state: "failed"; message: string; dependency: string | null };

const SETTLE_MS = 1000;

/** Declared sets are compared by value: a new array with the same rows is the same set. */
const keyOf = (list: readonly Dependency[]) => JSON.stringify(list.map((d) => [d.name, d.range]));

export function useDependencyInstall(dependencies: readonly Dependency[] | undefined): DependencyInstall {
  const trpc = useTRPC();
  const current = dependencies ?? [];
  // Settled for a moment: each keystroke in Settings is a valid edit ("s", "sh", …), and each would install.
  const [settled, setSettled] = useState<readonly Dependency[]>(current);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(dependencies ?? []), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [dependencies]);
  // The dependencies query installs the set (server/deps/install.ts) and answers when it is done.
  // An installed set does not change; a failure (npm errors are not cached on the server) is asked
  // again when Settings or the editor opens or the window regains focus: the registry may answer now.
  const query = useQuery({
    ...trpc.dependencies.types.queryOptions({ dependencies: [...settled] }),
    enabled: settled.length > 0,
    staleTime: (q) => (q.state.data?.ok === false ? 0 : Infinity),
  });
  if (current.length === 0) return { state: "none" };
  if (keyOf(settled) !== keyOf(current) || !query.data) {
    if (query.error && keyOf(settled) === keyOf(current)) return { state: "failed", message: `the server could not install them: ${query.error.message}`, dependency: null };
    return { state: "installing" };
  }
  const data = query.data;
  return data.ok ? { state: "installed", versions: data.versions, files: data.files, untyped: data.untyped } : { state: "failed", message: data.message, dependency: data.dependency };
}
