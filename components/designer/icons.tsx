/*
 * Small line icons as inline SVG: no icon font or emoji font is needed (and none is fetched),
 * so they render the same on every machine.
 */

const common = {
  width: 14,
  height: 14,
  viewBox: "0 0 16 16",
  fill: "none",
  stroke: "currentColor",
  strokeWidth: 1.5,
  strokeLinecap: "round",
  strokeLinejoin: "round",
  "aria-hidden": true,
} as const;

export function PencilIcon() {
  return (
    <svg {...common}>
      <path d="M11.5 2.5l2 2L6 12l-3 1 1-3 7.5-7.5z" />
    </svg>
  );
}

export function CopyIcon() {
  return (
    <svg {...common}>
      <rect x="5.5" y="5.5" width="8" height="8" rx="1.5" />
      <path d="M10.5 5.5V3.5a1 1 0 00-1-1h-6a1 1 0 00-1 1v6a1 1 0 001 1h2" />
    </svg>
  );
}

export function TrashIcon() {
  return (
    <svg {...common}>
      <path d="M2.5 4.5h11M6.5 4.5V3a.5.5 0 01.5-.5h2a.5.5 0 01.5.5v1.5M4 4.5l.7 8.6a1 1 0 001 .9h4.6a1 1 0 001-.9l.7-8.6" />
    </svg>
  );
}

export function GripIcon() {
  return (
    <svg width={8} height={14} viewBox="0 0 8 14" fill="currentColor" aria-hidden>
      {[2, 7, 12].flatMap((y) => [<circle key={`a${y}`} cx={2} cy={y} r={1.1} />, <circle key={`b${y}`} cx={6} cy={y} r={1.1} />])}
    </svg>
  );
}
