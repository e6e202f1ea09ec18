import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { USER_TYPE_LABELS } from "../features/accounts/labels";
import { refreshUserInfo } from "../lib/user-info";
import { useRootStore } from "../stores/root-store";

/**
 * Home of the app shell. Signed in: who the person is (name, type, email), the user info
 * fetched from /main/getUserInfo (refreshed on every visit; a failure logs out, SPEC.md §4), and
 * for a parent their children from the login response. Signed out: the way to sign in.
 */
export default function AppHome() {
  const auth = useRootStore((state) => state.auth);
  const userInfo = useRootStore((state) => state.userInfo);
  const navigate = useNavigate();
  const signedIn = auth.flag && auth.data !== null;

  useEffect(() => {
    if (!signedIn) return;
    void refreshUserInfo({ navigate: (path) => void navigate(path, { replace: true }) });
  }, [signedIn, navigate]);

  if (signedIn && auth.data) {
    const { data } = auth;
    const name = data.USER_NAME ?? data.EMAIL_ID;
    const children = data.CHILDREN ?? [];
    const lectures = userInfo.lecture_info;
    return (
      <div className="app-home">
        <section className="app-panel app-panel--left" aria-labelledby="app-home-title">
          <h1 id="app-home-title">{name}님, 반가워요</h1>
          <dl className="profile-list">
            <div className="profile-list__row">
              <dt>회원 유형</dt>
              <dd data-testid="user-type">{USER_TYPE_LABELS[data.USER_TYPE]}</dd>
            </div>
            <div className="profile-list__row">
              <dt>이메일</dt>
              <dd>{data.EMAIL_ID}</dd>
            </div>
            {data.NICKNAME ? (
              <div className="profile-list__row">
                <dt>닉네임</dt>
                <dd>{data.NICKNAME}</dd>
              </div>
            ) : null}
            {typeof userInfo.data?.PHONE === "string" ? (
              <div className="profile-list__row">
                <dt>휴대폰</dt>
                <dd>{userInfo.data.PHONE}</dd>
              </div>
            ) : null}
          </dl>
        </section>

        {data.USER_TYPE === "PARENT" ? (
          <section className="app-panel app-panel--left" aria-labelledby="children-title">
            <h2 id="children-title">자녀 계정</h2>
            {children.length > 0 ? (
              <ul className="children-list">
                {children.map((child) => (
                  <li key={child.USER_NO} className="children-list__item">
                    <span className="children-list__name">{child.USER_NAME}</span>
                    <span className="children-list__meta">학생 · 회원번호 {child.USER_NO}</span>
                  </li>
                ))}
              </ul>
            ) : (
              <p>
                아직 연결된 자녀 계정이 없어요. 자녀가 가입할 때 이 계정의 휴대폰 번호를 보호자
                번호로 입력하면 자동으로 연결돼요.
              </p>
            )}
          </section>
        ) : null}

        {data.USER_TYPE === "STUDENT" ? (
          <section className="app-panel app-panel--left" aria-labelledby="lectures-title">
            <h2 id="lectures-title">내 수업</h2>
            {lectures.length > 0 ? (
              <p>수강 중인 수업이 {lectures.length}개 있어요.</p>
            ) : (
              <>
                <p>아직 수강 중인 수업이 없어요.</p>
                <div className="app-panel__actions app-panel__actions--left">
                  <Link to="/enrollment" className="btn btn--primary">
                    수강 신청하기
                  </Link>
                </div>
              </>
            )}
          </section>
        ) : null}
      </div>
    );
  }

  return (
    <section className="app-panel" aria-labelledby="app-home-title">
      <h1 id="app-home-title">로그인 후 이용할 수 있어요</h1>
      <p>수업 일정, 결제와 계약 내역은 로그인한 뒤에 확인할 수 있어요.</p>
      <div className="app-panel__actions">
        <Link to="/sign_in" className="btn btn--primary btn--lg">
          로그인하기
        </Link>
        <Link to="/" className="btn btn--secondary btn--lg">
          설탭 홈으로
        </Link>
      </div>
    </section>
  );
}
