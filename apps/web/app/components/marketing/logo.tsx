import { Link } from "react-router";
import { SITE_NAME } from "../../site";

/** The 설탭 mark and name, linking home. */
export function Logo({ className = "logo" }: { className?: string }) {
  return (
    <Link to="/" className={className} aria-label={`${SITE_NAME} 홈`}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="28" height="28" aria-hidden="true">
        <rect width="32" height="32" rx="8" fill="var(--logo-mark-bg, #1b2a59)" />
        <rect
          x="8"
          y="6"
          width="16"
          height="20"
          rx="3"
          fill="none"
          stroke="var(--logo-ink, #fff)"
          strokeWidth="2"
        />
        <path
          d="M12 13h8M12 17h5"
          stroke="var(--logo-accent, #ffd15c)"
          strokeWidth="2"
          strokeLinecap="round"
        />
      </svg>
      <span className="logo__text">{SITE_NAME}</span>
    </Link>
  );
}
