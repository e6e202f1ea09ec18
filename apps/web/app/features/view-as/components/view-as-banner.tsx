import { useEffect, useState } from "react";
import { Link } from "react-router";
import { useAdminStore } from "../../../stores/admin-store";
import { endViewAs, formatRemaining, remainingMs, viewAsSessionOf } from "../view-as";
import "../view-as.css";

/**
 * The banner of an open "view as this family" session (issue #20): whose account is shown, that
 * it is read-only, the time left, and 보기 끝내기. At the end of the time the view ends by
 * itself. Rendered by the app shell on every app page; nothing when no view is open.
 */
export function ViewAsBanner() {
  const adminToken = useAdminStore((state) => state.adminToken);
  const userNo = useAdminStore((state) => state.userNo);
  const tempCredentials = useAdminStore((state) => state.tempCredentials);
  const session = viewAsSessionOf({ adminToken, userNo, tempCredentials });
  const [now, setNow] = useState(() => Date.now());
  const expiresAt = session?.expiresAt ?? "";
  const left = session ? remainingMs(expiresAt, now) : 0;

  useEffect(() => {
    if (!expiresAt) return;
    const timer = window.setInterval(() => setNow(Date.now()), 1000);
    return () => window.clearInterval(timer);
  }, [expiresAt]);

  const open = session !== null;
  useEffect(() => {
    if (open && left === 0) void endViewAs();
  }, [open, left]);

  if (!session) return null;
  return (
    <div className="view-as-banner" role="status" aria-live="polite">
      <p className="view-as-banner__text">
        <strong>{session.userName}</strong> 님 가족 화면을 보고 있어요 · 읽기 전용 · 남은 시간{" "}
        <time>{formatRemaining(left)}</time>
      </p>
      <div className="view-as-banner__actions">
        <Link to="/_app/admin/view-as" className="view-as-banner__link">
          가족 화면
        </Link>
        <button type="button" className="btn btn--secondary" onClick={() => void endViewAs()}>
          보기 끝내기
        </button>
      </div>
    </div>
  );
}
