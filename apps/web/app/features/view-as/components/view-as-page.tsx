import { useEffect, useState, type FormEvent } from "react";
import { isRestError } from "../../../lib/rest-client";
import { restErrorText } from "../../../lib/rest-errors";
import { useAdminStore } from "../../../stores/admin-store";
import { endViewAs, fetchViewAsFamily, viewAsSessionOf, type ViewAsFamily } from "../view-as";
import { ViewAsFamilyButton } from "./view-as-family-button";

const TYPE_LABELS: Record<string, string> = { STUDENT: "학생", PARENT: "학부모" };

function formatTime(iso: string): string {
  return new Intl.DateTimeFormat("ko-KR", {
    timeZone: "Asia/Seoul",
    hour: "2-digit",
    minute: "2-digit",
  }).format(new Date(iso));
}

/**
 * /_app/admin/view-as (staff): start a read-only view of a family by 회원 번호, and while one is
 * open, whose account it is, their family, and when the view ends (issue #20).
 */
export function ViewAsPage() {
  const adminToken = useAdminStore((state) => state.adminToken);
  const userNo = useAdminStore((state) => state.userNo);
  const tempCredentials = useAdminStore((state) => state.tempCredentials);
  const session = viewAsSessionOf({ adminToken, userNo, tempCredentials });
  const [family, setFamily] = useState<ViewAsFamily | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [typed, setTyped] = useState("");
  const typedNo = /^[1-9][0-9]{0,9}$/.test(typed.trim()) ? Number(typed.trim()) : null;

  useEffect(() => {
    if (!adminToken) return;
    let live = true;
    fetchViewAsFamily()
      .then((view) => live && setFamily(view))
      .catch((e: unknown) => {
        if (!live) return;
        setError(restErrorText(e));
        if (isRestError(e) && e.status === 401) useAdminStore.getState().reset();
      });
    return () => {
      live = false;
    };
  }, [adminToken]);

  return (
    <section className="view-as-page" aria-labelledby="view-as-title">
      <h1 id="view-as-title">가족 화면 보기</h1>
      <p className="view-as-page__lead">
        가족 계정을 읽기 전용으로 30분 동안 볼 수 있어요. 시작과 끝은 보안 기록에 남고, 보는
        동안에는 아무것도 바꿀 수 없어요.
      </p>

      {session && family && family.SESSION_ID === session.sessionId ? (
        <div className="view-as-card" data-testid="view-as-family">
          <h2>
            {family.USER_NAME} ({TYPE_LABELS[family.USER_TYPE] ?? family.USER_TYPE} · 회원 번호{" "}
            {family.USER_NO})
          </h2>
          <p>보기 끝: {formatTime(family.EXPIRES_AT)}</p>
          {family.CHILDREN.length > 0 ? (
            <>
              <h3>자녀</h3>
              <ul>
                {family.CHILDREN.map((c) => (
                  <li key={c.USER_NO}>
                    {c.USER_NAME} (회원 번호 {c.USER_NO})
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          {family.PARENTS.length > 0 ? (
            <>
              <h3>보호자</h3>
              <ul>
                {family.PARENTS.map((p) => (
                  <li key={p.USER_NO}>
                    {p.USER_NAME} (회원 번호 {p.USER_NO})
                  </li>
                ))}
              </ul>
            </>
          ) : null}
          <button type="button" className="btn btn--secondary" onClick={() => void endViewAs()}>
            보기 끝내기
          </button>
        </div>
      ) : (
        <form
          className="view-as-card"
          onSubmit={(event: FormEvent) => event.preventDefault()}
          aria-label="가족 화면 보기 시작"
        >
          <label className="form-field__label" htmlFor="view-as-user-no">
            회원 번호 (학생 또는 학부모)
          </label>
          <input
            id="view-as-user-no"
            className="form-input"
            inputMode="numeric"
            autoComplete="off"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
          />
          {typedNo !== null ? <ViewAsFamilyButton userId={typedNo} /> : null}
        </form>
      )}
      {error ? (
        <p className="view-as-page__error" role="alert">
          {error}
        </p>
      ) : null}
    </section>
  );
}
