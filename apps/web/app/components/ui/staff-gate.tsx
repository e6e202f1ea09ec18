import { isStaffUserType } from "@seoltab/domain";
import { useId, type ReactNode } from "react";
import { Link } from "react-router";
import { useRootStore } from "../../stores/root-store";

/**
 * The gate of a staff page under /_app/admin (issue 10: one staff gate instead of a copy per
 * page): `children` for a signed-in staff account (isStaffUserType: ADMIN, SALES_TEAM, …);
 * anyone else sees a panel that says why and where to go instead — 운영팀만 볼 수 있는
 * 페이지예요 with `notStaff` and 내 학습 공간으로 (/_app), or 로그인하기 (/sign_in) when signed out.
 * With `signedOut`, a signed-out visitor sees 로그인이 필요해요 with that sentence instead. The
 * api refuses non-staff in any case; this only spares them a page of errors.
 */
export function StaffGate({
  notStaff,
  signedOut,
  children,
}: {
  /** Why this page is closed to the account, e.g. "운영 콘솔은 운영팀과 영업팀 계정에서만 쓸 수 있어요." */
  notStaff: string;
  /** The sentence for a signed-out visitor; without it they see the `notStaff` panel. */
  signedOut?: string;
  children: ReactNode;
}) {
  const id = useId();
  const auth = useRootStore((state) => state.auth);
  const user = auth.flag ? auth.data : null;
  if (user && isStaffUserType(user.USER_TYPE)) return <>{children}</>;
  const askSignIn = !user && signedOut !== undefined;
  return (
    <section className="app-panel" aria-labelledby={`${id}-title`}>
      <h1 id={`${id}-title`}>
        {askSignIn ? "로그인이 필요해요" : "운영팀만 볼 수 있는 페이지예요"}
      </h1>
      <p>{askSignIn ? signedOut : notStaff}</p>
      <div className="app-panel__actions">
        <Link to={user ? "/_app" : "/sign_in"} className="btn btn--primary btn--lg">
          {user ? "내 학습 공간으로" : "로그인하기"}
        </Link>
      </div>
    </section>
  );
}
