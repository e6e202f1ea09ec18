import { Link } from "react-router";
import { useRootStore } from "../stores/root-store";

/**
 * Home of the app shell. Sign-in arrives with the next issue; until then a signed-out visitor
 * is told to sign in, and a stored sign-in (persisted auth) shows only what is stored.
 */
export default function AppHome() {
  const auth = useRootStore((state) => state.auth);

  if (auth.flag && auth.data) {
    return (
      <section className="app-panel" aria-labelledby="app-home-title">
        <h1 id="app-home-title">내 학습 공간</h1>
        <p>{auth.data.EMAIL_ID} 계정으로 로그인되어 있어요.</p>
      </section>
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
