import type { Metadata } from "next";
import { connection } from "next/server";
import { ProviderSettings } from "~/components/settings/providers/ProviderSettings";

export const metadata: Metadata = { title: "Model providers" };

export default async function ModelProvidersPage() {
  // The list is read per request (entries change; keys never reach the page, only their hints).
  await connection();
  return <ProviderSettings />;
}
