import type { ReactNode } from "react";
import { NavLink } from "react-router";
import { StaffGate } from "../../../components/ui/staff-gate";
import "../admin.css";

/** The console's own menu: its pages and the staff pages that existed before it. */
export const CONSOLE_LINKS = [
  { to: "/_app/admin", label: "콘솔 홈", end: true },
  { to: "/_app/admin/refunds", label: "환불 결정" },
  { to: "/_app/admin/queues", label: "대기열" },
  { to: "/_app/admin/audit", label: "감사 기록" },
  { to: "/_app/admin/sales-policies", label: "판매 정책" },
  { to: "/_app/admin/consultations", label: "상담 신청" },
  { to: "/_app/admin/tutor-applications", label: "선생님 지원서" },
  { to: "/_app/admin/matchings", label: "선생님 매칭" },
  { to: "/_app/admin/lecture-changes", label: "수업 변경 요청" },
  { to: "/_app/admin/messages", label: "알림 발송 내역" },
  { to: "/_app/admin/reviews", label: "수강 후기 게시" },
] as const;

/**
 * Frames a console page (issue 16): staff only (others see where to go instead), the console
 * menu (scrolls sideways on phones), then the page.
 */
export function ConsoleFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <StaffGate notStaff="운영 콘솔은 운영팀과 영업팀 계정에서만 쓸 수 있어요.">
      <div className="console staff-page">
        <nav aria-label="운영 콘솔 메뉴" className="console-nav">
          <ul>
            {CONSOLE_LINKS.map((l) => (
              <li key={l.to}>
                <NavLink to={l.to} end={"end" in l} className="console-nav__link">
                  {l.label}
                </NavLink>
              </li>
            ))}
          </ul>
        </nav>
        <h1 className="staff-page__title">{title}</h1>
        {children}
      </div>
    </StaffGate>
  );
}

/** A failed load or action, in Korean, announced to screen readers. */
export function ConsoleError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="staff-error" role="alert">
      {message}
    </p>
  );
}
