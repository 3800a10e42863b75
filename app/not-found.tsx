import Link from "next/link";
import styles from "./status.module.css";

export default function NotFound() {
  return (
    <section className={styles.status}>
      <h1>Not found</h1>
      <p>There is nothing here. The pipeline may have been deleted.</p>
      <Link className="btn" href="/">
        All pipelines
      </Link>
    </section>
  );
}
