"use client";

import styles from "./status.module.css";

export default function ErrorPage({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <section className={styles.status} role="alert">
      <h1>This page could not be shown</h1>
      <p>{error.digest ? `The server hit an error (reference ${error.digest}); its log has the details.` : error.message}</p>
      <button type="button" className="btn" onClick={reset}>
        Try again
      </button>
    </section>
  );
}
