import type { Metadata } from "next";
import Link from "next/link";
import { connection } from "next/server";
import type { ReactNode } from "react";
import { TRPCReactProvider } from "~/components/providers/TrpcProvider";
import "./globals.css";
import styles from "./layout.module.css";

export const metadata: Metadata = {
  title: { default: "Hookwright", template: "%s · Hookwright" },
  description: "See, run, replay and export the hooks of AI agent hosts.",
};

export default async function RootLayout({ children }: { children: ReactNode }) {
  // Every page is rendered per request, so Next can put the request's CSP nonce (proxy.ts) on its scripts.
  await connection();
  return (
    <html lang="en">
      <body>
        <a className={styles.skip} href="#main">
          Skip to content
        </a>
        <header className={styles.header}>
          <Link href="/" className={styles.brand}>
            <svg className={styles.logo} viewBox="0 0 32 32" aria-hidden="true">
              <rect width="32" height="32" rx="8" />
              <path d="M10 9v14M22 9v14M10 16h12" />
            </svg>
            Hookwright
          </Link>
          <nav aria-label="Main" className={styles.nav}>
            <Link href="/" className={styles.navLink}>
              Pipelines
            </Link>
            <Link href="/settings/providers" className={styles.navLink}>
              Model providers
            </Link>
          </nav>
        </header>
        <TRPCReactProvider>
          <main id="main" className={styles.main}>
            {children}
          </main>
        </TRPCReactProvider>
      </body>
    </html>
  );
}
