import { useCallback, useEffect } from "react";
import { useNavigate } from "react-router";
import { PasswordChangeForm } from "../features/accounts/components/password-change-form";
import { ProfilePanel } from "../features/accounts/components/profile-panel";
import { MessageConsents } from "../features/messages/components/message-consents";
import { AccountLinksPanel } from "../features/family-accounts/components/account-links-panel";
import "../features/family-accounts/family.css";
import { SignInRequired } from "../features/payments/components/sign-in-required";
import "../styles/accounts.css";
import "../features/accounts/account.css";
import { logout } from "../lib/logout";
import { refreshUserInfo } from "../lib/user-info";
import { useRootStore } from "../stores/root-store";
import { pageMeta, pageTitle } from "../site";
import type { Route } from "./+types/app-profile";

export const meta: Route.MetaFunction = () =>
  pageMeta(
    pageTitle("내 정보"),
    "이름, 이메일, 휴대폰 번호를 확인하고 알림 수신 설정과 비밀번호를 바꿔요.",
  );

/**
 * /_app/profile: name, email, masked phone and grade (POST /main/getUserInfo, refreshed on every
 * visit; SPEC.md §4), 알림 수신 설정 (advertising consent per kind, issue #17; features/messages)
 * 계정 연동 (the linked services of the family and unlinking, issue 15) and the password change
 * (PATCH /serverless/change_password). After a
 * change every session of the account is revoked, so the page logs out to /sign_in.
 */
export default function AppProfile() {
  const auth = useRootStore((state) => (state.auth.flag ? state.auth.data : null));
  const info = useRootStore((state) => state.userInfo.data);
  const navigate = useNavigate();
  const signedIn = auth !== null;
  const toSignIn = useCallback(
    (path: string) => void navigate(path, { replace: true }),
    [navigate],
  );

  useEffect(() => {
    if (!signedIn) return;
    void refreshUserInfo({ navigate: toSignIn });
  }, [signedIn, toSignIn]);

  if (!auth) return <SignInRequired returnTo="/_app/profile" what="내 정보" />;
  return (
    <div className="account-page account-page--narrow">
      <h1 className="pay-page__title">내 정보</h1>
      <section className="app-panel app-panel--left" aria-labelledby="profile-title">
        <h2 id="profile-title">회원 정보</h2>
        <ProfilePanel auth={auth} info={info?.USER_NO === auth.USER_NO ? info : null} />
      </section>
      <section className="app-panel app-panel--left" aria-labelledby="links-title">
        <h2 id="links-title">계정 연동</h2>
        <AccountLinksPanel />
      </section>
      <section className="app-panel app-panel--left" aria-labelledby="consents-title">
        <h2 id="consents-title">알림 수신 설정</h2>
        <MessageConsents key={auth.USER_NO} userType={auth.USER_TYPE} />
      </section>
      <section className="app-panel app-panel--left" aria-labelledby="password-title">
        <h2 id="password-title">비밀번호 변경</h2>
        <PasswordChangeForm
          email={auth.EMAIL_ID}
          onChanged={() => void logout({ navigate: toSignIn })}
        />
      </section>
    </div>
  );
}
