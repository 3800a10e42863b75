"use client";

import type { Profile } from "~/core/profiles";
import { useEditorStore } from "~/components/store/EditorStoreProvider";
import styles from "./hookPanel.module.css";
import { useDesignerDoc } from "./useDesignerDoc";

/** Every hook point of the profile with its hook counts: the graph's badges as a list. */
export function PointOverview({ profile }: { profile: Profile }) {
  const doc = useDesignerDoc();
  const selectPoint = useEditorStore((s) => s.selectPoint);
  return (
    <div className={styles.overview}>
      <p className={styles.lede}>Pick a hook point on the graph, or here, to see and order its hooks.</p>
      <ul className={styles.pointList} aria-label="Hook points">
        {profile.points.map((p) => {
          const hooks = doc.hooks.filter((h) => h.point === p.id);
          const enabled = hooks.filter((h) => h.enabled).length;
          return (
            <li key={p.id}>
              <button type="button" className={styles.pointItem} onClick={() => selectPoint(p.id)} data-testid={`point-item-${p.id}`}>
                <span className={styles.pointId}>{p.id}</span>
                <span className={`${styles.pointCount} ${enabled === 0 ? styles.pointCountZero : ""}`}>
                  {enabled}
                  {hooks.length > enabled ? <small> +{hooks.length - enabled} off</small> : null}
                </span>
                <span className={styles.pointDoc}>{p.doc}</span>
              </button>
            </li>
          );
        })}
      </ul>
    </div>
  );
}
