/**
 * The index a dragged item ends up at (in the list after it was taken out), when dropped
 * before or after the item at `overIndex`.
 */
export function dropTargetIndex(args: { from: number; overIndex: number; after: boolean }): number {
  const slot = args.overIndex + (args.after ? 1 : 0);
  return slot > args.from ? slot - 1 : slot;
}
