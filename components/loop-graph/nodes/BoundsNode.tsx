import { memo } from "react";

/** Renders nothing; it only gives fit-view and the minimap the drawing's full extent. */
export const BoundsNode = memo(function BoundsNode() {
  return null;
});
