"use client";

import type { CommandIo, CommandIoField } from "~/core/profiles/types";
import styles from "./commandHook.module.css";

function FieldList(props: { fields: CommandIoField[]; testId: string }) {
  return (
    <dl className={styles.ioList} data-testid={props.testId}>
      {props.fields.map((f) => (
        <div key={f.name} className={styles.ioField} data-field={f.name}>
          <dt>
            <code>
              {f.name}
              {f.optional ? "?" : ""}
            </code>{" "}
            <code className={styles.ioType}>{f.type}</code>
          </dt>
          <dd>{f.doc}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Beside a command hook's script: the JSON it reads on stdin, what the host reads back from stdout, and the exit codes. */
export function CommandIoPanel(props: { point: string; io: CommandIo }) {
  const { io } = props;
  return (
    <aside className={styles.io} aria-label={`What a command hook on ${props.point} reads and answers`} data-testid="command-io">
      <section>
        <h3 className={styles.ioHead}>stdin</h3>
        <p className={styles.hint}>The event&apos;s JSON, one object, then end of input.</p>
        <FieldList fields={io.stdin} testId="command-stdin" />
      </section>
      <section>
        <h3 className={styles.ioHead}>stdout</h3>
        <p className={styles.hint}>JSON the host reads back on exit 0 (all optional).</p>
        <FieldList fields={io.stdout} testId="command-stdout" />
      </section>
      <section>
        <h3 className={styles.ioHead}>exit code</h3>
        <dl className={styles.ioList} data-testid="command-exit-codes">
          {io.exitCodes.map((c) => (
            <div key={c.code} className={styles.ioField}>
              <dt>
                <code>{c.code}</code>
              </dt>
              <dd>{c.meaning}</dd>
            </div>
          ))}
        </dl>
      </section>
    </aside>
  );
}
