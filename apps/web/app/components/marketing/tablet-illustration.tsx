/**
 * Drawing of a live tablet lesson: the shared worksheet with the student's handwriting, the
 * tutor's video tile and a "실시간 1:1" badge. Inline SVG, no network assets.
 */
export function TabletIllustration({
  label = "태블릿 화면에서 선생님과 학생이 같은 문제를 보며 함께 필기하는 실시간 1:1 수업 모습",
}: {
  label?: string;
}) {
  return (
    <svg
      className="tablet-illustration"
      viewBox="0 0 480 360"
      role="img"
      aria-label={label}
      xmlns="http://www.w3.org/2000/svg"
    >
      <defs>
        <linearGradient id="tablet-bg" x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="var(--illustration-bg-1, #dfe8ff)" />
          <stop offset="1" stopColor="var(--illustration-bg-2, #f4f7ff)" />
        </linearGradient>
      </defs>
      <rect x="8" y="16" width="464" height="328" rx="36" fill="url(#tablet-bg)" />
      <rect x="48" y="40" width="384" height="280" rx="22" fill="#1b2236" />
      <rect x="62" y="54" width="356" height="252" rx="12" fill="#ffffff" />
      {/* worksheet */}
      <rect x="80" y="74" width="120" height="12" rx="6" fill="#c9d3ea" />
      <rect x="80" y="98" width="190" height="8" rx="4" fill="#e3e8f4" />
      <rect x="80" y="114" width="170" height="8" rx="4" fill="#e3e8f4" />
      <text x="82" y="156" fontSize="22" fontFamily="serif" fill="#1b2236">
        x² − 5x + 6 = 0
      </text>
      <path
        d="M84 186c14-8 26 8 40 0s26-8 40 0 26 8 40 0"
        fill="none"
        stroke="#2f5bea"
        strokeWidth="3"
        strokeLinecap="round"
      />
      <text x="84" y="226" fontSize="20" fontFamily="serif" fill="#2f5bea">
        (x − 2)(x − 3) = 0
      </text>
      <path
        d="M82 262l10 10 22-24"
        fill="none"
        stroke="#18a058"
        strokeWidth="4"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
      <rect x="124" y="256" width="96" height="10" rx="5" fill="#e3e8f4" />
      {/* tutor video tile */}
      <rect x="296" y="70" width="106" height="96" rx="12" fill="#eaf0ff" />
      <circle cx="349" cy="106" r="18" fill="#1b2a59" />
      <path d="M317 160c4-20 18-30 32-30s28 10 32 30z" fill="#1b2a59" />
      <rect x="304" y="76" width="52" height="18" rx="9" fill="#ff5a4f" />
      <text x="311" y="89" fontSize="11" fill="#ffffff" fontWeight="700">
        LIVE
      </text>
      {/* pen */}
      <g transform="translate(330 210) rotate(35)">
        <rect x="0" y="0" width="14" height="86" rx="6" fill="#ffd15c" />
        <path d="M0 86l7 16 7-16z" fill="#1b2236" />
      </g>
      {/* badge */}
      <rect x="300" y="262" width="104" height="30" rx="15" fill="#1b2a59" />
      <text x="352" y="282" fontSize="14" fill="#ffffff" textAnchor="middle" fontWeight="700">
        실시간 1:1
      </text>
    </svg>
  );
}
