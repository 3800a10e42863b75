"use client";

import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { useTRPC } from "~/components/providers/TrpcProvider";
import type { Dependency } from "~/core/pipeline/dependencySchema";

export interface DependencyLib {
  filePath: string;
  content: string;
}

const NONE: DependencyLib[] = [];
const SETTLE_MS = 1000;

/**
 * The type declarations of the pipeline's declared npm dependencies, installed and read by the
 * server, for Monaco's extra libs: IntelliSense on `import { parse } from "shell-quote"`.
 * Until they arrive (or when the install failed) the editor has none, as before.
 */
export function useDependencyTypes(dependencies: readonly Dependency[] | undefined): DependencyLib[] {
  const trpc = useTRPC();
  // Settled for a moment: each keystroke in Settings is a valid edit ("s", "sh", …), and each would install.
  const [list, setList] = useState<readonly Dependency[]>(dependencies ?? []);
  useEffect(() => {
    const timer = setTimeout(() => setList(dependencies ?? []), SETTLE_MS);
    return () => clearTimeout(timer);
  }, [dependencies]);
  const query = useQuery({ ...trpc.dependencies.types.queryOptions({ dependencies: [...list] }), enabled: list.length > 0, staleTime: Infinity });
  return list.length > 0 && query.data?.ok ? query.data.files : NONE;
}
