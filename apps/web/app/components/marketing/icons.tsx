import type { ReactElement } from "react";

/** Names of the small decorative line icons used on marketing cards. */
export type IconName =
  | "math"
  | "korean"
  | "english"
  | "society"
  | "science"
  | "language"
  | "admission"
  | "tablet"
  | "cap"
  | "shield"
  | "coach"
  | "swap"
  | "home"
  | "parent"
  | "calendar"
  | "book"
  | "chart"
  | "pen"
  | "link"
  | "arrow";

const paths: Record<IconName, ReactElement> = {
  math: <path d="M5 12h14M12 5v14M5 5l3 3M8 5L5 8M16 17h3M16 19h3" />,
  korean: <path d="M6 6h7v5H6zM9.5 11v3M6 17h12M16 5v10" />,
  english: <path d="M5 18l4-12 4 12M6.5 14h5M15 9h4M15 13h4M15 17h4" />,
  society: (
    <path d="M12 3a9 9 0 1 0 0 18a9 9 0 1 0 0-18zM3 12h18M12 3c3 3 3 15 0 18M12 3c-3 3-3 15 0 18" />
  ),
  science: <path d="M9 3h6M10 3v6l-5 9a2 2 0 0 0 2 3h10a2 2 0 0 0 2-3l-5-9V3M7.5 15h9" />,
  language: <path d="M4 5h10v7H8l-4 3zM14 9h6v7h-2v3l-4-3h-2" />,
  admission: <path d="M3 9l9-5 9 5-9 5zM7 11v5c3 2 7 2 10 0v-5M21 9v6" />,
  tablet: (
    <path d="M6 3h12a2 2 0 0 1 2 2v14a2 2 0 0 1-2 2H6a2 2 0 0 1-2-2V5a2 2 0 0 1 2-2zM11 18h2" />
  ),
  cap: <path d="M2 9l10-5 10 5-10 5zM6 11v5c3.5 2.5 8.5 2.5 12 0v-5" />,
  shield: <path d="M12 3l8 3v6c0 4.5-3.5 8-8 9-4.5-1-8-4.5-8-9V6zM8.5 12l2.5 2.5 4.5-5" />,
  coach: <path d="M9 8a3 3 0 1 0 0-.01M3 20c0-3.5 2.5-6 6-6s6 2.5 6 6M16 4h5v5M21 4l-5 5" />,
  swap: <path d="M4 8h13l-3-3M20 16H7l3 3" />,
  home: <path d="M3 11l9-7 9 7M5 10v10h14V10M10 20v-6h4v6" />,
  parent: (
    <path d="M8 7a3 3 0 1 0 0-.01M17 9a2 2 0 1 0 0-.01M2 20c0-3.5 2.5-6 6-6s6 2.5 6 6M14 20c0-2.5 1.3-4.5 3-4.5s3 2 3 4.5" />
  ),
  calendar: <path d="M4 6h16v14H4zM4 10h16M8 3v5M16 3v5M8 14h3M13 14h3M8 17h3" />,
  book: <path d="M4 5c3-1 6-1 8 1 2-2 5-2 8-1v14c-3-1-6-1-8 1-2-2-5-2-8-1zM12 6v14" />,
  chart: <path d="M4 20V4M4 20h16M8 16v-4M12 16V8M16 16v-7" />,
  pen: <path d="M4 20l4-1 11-11-3-3L5 16zM14 7l3 3" />,
  arrow: <path d="M5 12h14M13 6l6 6-6 6" />,
  link: (
    <path d="M10 14a4 4 0 0 0 6 0l3-3a4 4 0 0 0-6-6l-1 1M14 10a4 4 0 0 0-6 0l-3 3a4 4 0 0 0 6 6l1-1" />
  ),
};

/** A 24 px line icon; decorative (hidden from screen readers). */
export function Icon({ name, size = 24 }: { name: IconName; size?: number }) {
  return (
    <svg
      className="icon"
      viewBox="0 0 24 24"
      width={size}
      height={size}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      focusable="false"
    >
      {paths[name]}
    </svg>
  );
}
