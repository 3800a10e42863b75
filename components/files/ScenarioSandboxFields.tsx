"use client";
import type { Scenario } from "~/core/pipeline/schema";
import { FixtureHeaders } from "./FixtureHeaders";
import styles from "./files.module.css";

type Patch = Partial<Omit<Scenario, "name">>;
type HttpFixture = NonNullable<Scenario["http"]>[number];
type StartFile = NonNullable<Scenario["files"]>[number];

const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE", "*"];

/**
 * A scenario's sandbox inputs (issue 15): the files the run's virtual file system starts with,
 * and the HTTP fixtures (method, URL, status, delay, response headers, body) that answer
 * `fetch` / `node:http(s)`. Typing reports a patch without a
 * label (saved after a pause); adding and removing report one with a label (an undo step).
 */
export function ScenarioSandboxFields({ value, onPatch }: { value: Scenario; onPatch: (patch: Patch, label?: string) => void }) {
  const files = value.files ?? [];
  const http = value.http ?? [];
  const setFiles = (next: StartFile[], label?: string) => onPatch({ files: next.length > 0 ? next : undefined }, label);
  const setHttp = (next: HttpFixture[], label?: string) => onPatch({ http: next.length > 0 ? next : undefined }, label);
  return (
    <>
      <fieldset className={styles.fieldset} data-testid="scenario-files">
        <legend>Files ({files.length})</legend>
        <p className={styles.note}>The run&apos;s virtual file system starts with these; a path is relative to the plugin&apos;s directory, or absolute under /workspace or /tmp.</p>
        {files.map((f, i) => (
          <div key={i} className={styles.change}>
            <input aria-label={`Path of file ${i + 1}`} value={f.path} spellCheck={false} className={styles.wideInput} onChange={(e) => setFiles(files.map((x, j) => (j === i ? { ...x, path: e.target.value } : x)))} />
            <textarea aria-label={`Content of ${f.path || `file ${i + 1}`}`} rows={3} value={f.content} spellCheck={false} className={styles.wideInput} onChange={(e) => setFiles(files.map((x, j) => (j === i ? { ...x, content: e.target.value } : x)))} />
            <button type="button" className="btn btn-quiet" onClick={() => setFiles(files.filter((_, j) => j !== i), `Remove file ${f.path}`)}>
              Remove file
            </button>
          </div>
        ))}
        <button type="button" className="btn" onClick={() => setFiles([...files, { path: `data/file-${files.length + 1}.txt`, content: "" }], "Add a file")}>
          Add file
        </button>
      </fieldset>
      <fieldset className={styles.fieldset} data-testid="scenario-http">
        <legend>HTTP fixtures ({http.length})</legend>
        <p className={styles.note}>The only answers fetch and node:http(s) get: the first fixture whose method and URL (exact, or with * for any characters) match answers.</p>
        {http.map((f, i) => (
          <div key={i} className={styles.change}>
            <div className={styles.row}>
              <select aria-label={`Method of fixture ${i + 1}`} value={f.method} onChange={(e) => setHttp(http.map((x, j) => (j === i ? { ...x, method: e.target.value } : x)), "Change a fixture's method")}>
                {(METHODS.includes(f.method) ? METHODS : [f.method, ...METHODS]).map((m) => (
                  <option key={m} value={m}>
                    {m}
                  </option>
                ))}
              </select>
              <input aria-label={`URL of fixture ${i + 1}`} value={f.url} spellCheck={false} className={styles.wideInput} onChange={(e) => setHttp(http.map((x, j) => (j === i ? { ...x, url: e.target.value } : x)))} />
              <input aria-label={`Status of fixture ${i + 1}`} type="number" min={100} max={599} value={f.status} onChange={(e) => setHttp(http.map((x, j) => (j === i ? { ...x, status: Math.min(599, Math.max(100, Number(e.target.value) || 200)) } : x)))} />
              <input aria-label={`Delay of fixture ${i + 1} in ms`} type="number" min={0} value={f.delayMs} onChange={(e) => setHttp(http.map((x, j) => (j === i ? { ...x, delayMs: Math.max(0, Number(e.target.value) || 0) } : x)))} />
            </div>
            <FixtureHeaders fixture={i + 1} headers={f.headers} onChange={(headers, label) => setHttp(http.map((x, j) => (j === i ? { ...x, headers } : x)), label)} />
            <textarea aria-label={`Body of fixture ${i + 1}`} rows={2} value={f.body} spellCheck={false} className={styles.wideInput} onChange={(e) => setHttp(http.map((x, j) => (j === i ? { ...x, body: e.target.value } : x)))} />
            <button type="button" className="btn btn-quiet" onClick={() => setHttp(http.filter((_, j) => j !== i), `Remove the fixture for ${f.method} ${f.url}`)}>
              Remove fixture
            </button>
          </div>
        ))}
        <button type="button" className="btn" onClick={() => setHttp([...http, { method: "GET", url: "https://api.example.com/", status: 200, headers: {}, body: "", delayMs: 0 }], "Add an HTTP fixture")}>
          Add fixture
        </button>
      </fieldset>
    </>
  );
}
