import { useEffect } from "react";
import { Link, useNavigate } from "react-router";
import { useStudentInfo } from "../features/accounts/api/student-info";
import { ChildSwitcher } from "../features/accounts/components/child-switcher";
import { MyLessons } from "../features/accounts/components/my-lessons";
import { useAccountSubject } from "../stores/account-subject";
import { USER_TYPE_LABELS } from "../features/accounts/labels";
import { ContractToSignCallout } from "../features/contracts/components/contract-to-sign-callout";
import { CalendarSubscribe, WeekLessons } from "../features/lessons/components/calendar";
import { SubscriptionsPanel } from "../features/payments/components/subscriptions-panel";
import { MyDiagnoses } from "../features/diagnosis/components/my-diagnoses";
import "../features/diagnosis/diagnosis.css";
import "../features/accounts/account.css";
import "../features/contracts/contracts.css";
import "../features/lectures/lectures.css";
import { refreshUserInfo } from "../lib/user-info";
import { useRootStore } from "../stores/root-store";

/**
 * Home of the app shell. Signed in: who the person is (name, type, email), the user info
 * fetched from /main/getUserInfo (refreshed on every visit; a failure logs out, SPEC.md §4);
 * for a student or a parent's chosen child (child switcher; CHILDREN of the login response):
 * 계약서 서명하기 when a contract waits (contractToSign), 내 수업 (LECTURE_INFO), 자동 결제 (monthly
 * renewals: next and last charge, 해지) and shortcuts to
 * payments, contracts, the billing card and the profile. Signed out: the way to sign in.
 */
export default function AppHome() {
  const auth = useRootStore((state) => state.auth);
  const userInfo = useRootStore((state) => state.userInfo);
  const navigate = useNavigate();
  const signedIn = auth.flag && auth.data !== null;
  const subject = useAccountSubject();
  const { state: student, retry } = useStudentInfo(subject.userNo, subject.kind === "student");

  useEffect(() => {
    if (!signedIn) return;
    void refreshUserInfo({ navigate: (path) => void navigate(path, { replace: true }) });
  }, [signedIn, navigate]);

  if (signedIn && auth.data) {
    const { data } = auth;
    const name = data.USER_NAME ?? data.EMAIL_ID;
    const hasStudent = subject.kind === "student" || subject.kind === "parent";
    const card = student.status === "ready" ? student.card : null;
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

        {subject.kind === "parent" ? (
          <section className="app-panel app-panel--left" aria-labelledby="children-title">
            <h2 id="children-title">자녀 계정</h2>
            {subject.children.length > 0 ? (
              <>
                <ChildSwitcher
                  options={subject.children}
                  value={subject.userNo}
                  onChange={subject.chooseChild}
                  legend="수업과 결제, 계약서를 볼 자녀"
                />
                <p className="child-switcher-bar__who">
                  고른 자녀의 수업이 아래에 보여요. 결제 내역과 계약서도 같은 자녀로 보여요.
                </p>
              </>
            ) : (
              <p>
                아직 연결된 자녀 계정이 없어요. 자녀가 가입할 때 이 계정의 휴대폰 번호를 보호자
                번호로 입력하면 자동으로 연결돼요.
              </p>
            )}
          </section>
        ) : null}

        {hasStudent && subject.userNo !== null ? (
          <>
            <ContractToSignCallout key={`sign-${subject.userNo}`} userId={subject.userNo} />
            <WeekLessons key={`week-${subject.userNo}`} userId={subject.userNo} />
            <MyLessons
              state={student}
              retry={retry}
              headingId="lectures-title"
              title={subject.kind === "parent" ? `${subject.name} 학생의 수업` : "내 수업"}
            />
            <CalendarSubscribe who="family" />
            <SubscriptionsPanel
              key={`subscriptions-${subject.userNo}`}
              userId={subject.userNo}
              onChanged={() => {
                // The lessons' next charge date goes with the renewals: read them again.
                if (subject.kind === "student") {
                  void refreshUserInfo({
                    navigate: (path) => void navigate(path, { replace: true }),
                  });
                } else retry();
              }}
            />
          </>
        ) : null}

        {data.USER_TYPE === "STUDENT" || data.USER_TYPE === "PARENT" ? <MyDiagnoses /> : null}

        <section className="app-panel app-panel--left" aria-labelledby="shortcuts-title">
          <h2 id="shortcuts-title">바로 가기</h2>
          <ul className="account-shortcuts">
            {hasStudent ? (
              <>
                <li>
                  <Link to="/_app/payments" className="account-shortcut">
                    <span className="account-shortcut__title">결제 내역</span>
                    <span className="account-shortcut__meta">영수증 · 환불 요청</span>
                  </Link>
                </li>
                <li>
                  <Link to="/_app/contracts" className="account-shortcut">
                    <span className="account-shortcut__title">계약서</span>
                    <span className="account-shortcut__meta">서명 · 보기 · 인쇄</span>
                  </Link>
                </li>
                <li>
                  <Link to="/_app/billing-card" className="account-shortcut">
                    <span className="account-shortcut__title">결제 카드</span>
                    <span className="account-shortcut__meta" data-testid="home-card">
                      {card ? card.card_number : "등록 · 변경"}
                    </span>
                  </Link>
                </li>
              </>
            ) : null}
            {data.USER_TYPE === "TEACHER" ? (
              <li>
                <Link to="/_app/tutor" className="account-shortcut">
                  <span className="account-shortcut__title">선생님 지원</span>
                  <span className="account-shortcut__meta">지원서 · 지원 현황 · 수업 제안</span>
                </Link>
              </li>
            ) : null}
            <li>
              <Link to="/_app/profile" className="account-shortcut">
                <span className="account-shortcut__title">내 정보</span>
                <span className="account-shortcut__meta">회원 정보 · 비밀번호 변경</span>
              </Link>
            </li>
          </ul>
        </section>
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
