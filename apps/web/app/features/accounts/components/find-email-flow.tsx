import type { UserType } from "@seoltab/domain";
import { useState } from "react";
import { Link } from "react-router";
import { NETWORK_ERROR_MESSAGE, isRestError } from "../../../lib/rest-client";
import { findEmails, type FoundAccount } from "../api";
import { USER_TYPE_LABELS } from "../labels";
import { PhoneVerification, type VerifiedPhone } from "./phone-verification";
import { FormAlert } from "./text-field";

const SEOUL_DATE = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  year: "numeric",
  month: "long",
  day: "numeric",
});

function typeLabel(type: string): string {
  return USER_TYPE_LABELS[type as UserType] ?? type;
}

/** The sign-in page of an account type: parents have their own. */
function signInPathOf(type: string): string {
  return type === "PARENT" ? "/parent_sign_in" : "/sign_in";
}

/**
 * 아이디 찾기 (docs/api/accounts.md POST /serverless/find_email): the person proves a phone by
 * SMS code (purpose FIND_EMAIL); only then are the accounts of that phone shown, emails masked,
 * each with the way to its sign-in page and to 비밀번호 찾기.
 */
export function FindEmailFlow() {
  const [verified, setVerified] = useState<VerifiedPhone | null>(null);
  const [accounts, setAccounts] = useState<FoundAccount[] | null>(null);
  const [error, setError] = useState<string | null>(null);

  const onVerified = async (phone: VerifiedPhone) => {
    setVerified(phone);
    setError(null);
    try {
      const found = await findEmails(phone.token);
      setAccounts(found.ACCOUNTS);
    } catch (err) {
      setVerified(null);
      setError(isRestError(err) ? err.message : NETWORK_ERROR_MESSAGE);
    }
  };

  const startOver = () => {
    setVerified(null);
    setAccounts(null);
    setError(null);
  };

  if (accounts !== null) {
    return (
      <div className="auth-result" role="status">
        {accounts.length > 0 ? (
          <>
            <p>이 번호로 가입한 계정이에요. 개인정보 보호를 위해 이메일 일부를 가렸어요.</p>
            <ul className="found-accounts" aria-label="찾은 계정">
              {accounts.map((account) => (
                <li
                  key={`${account.EMAIL_ID}-${account.JOINED_AT}`}
                  className="found-accounts__item"
                >
                  <span className="found-accounts__email">{account.EMAIL_ID}</span>
                  <span className="found-accounts__meta">
                    {typeLabel(account.USER_TYPE)} 계정 ·{" "}
                    {SEOUL_DATE.format(new Date(account.JOINED_AT))} 가입
                  </span>
                  <Link to={signInPathOf(account.USER_TYPE)} className="btn btn--secondary">
                    {account.USER_TYPE === "PARENT" ? "학부모 로그인" : "로그인"}하러 가기
                  </Link>
                </li>
              ))}
            </ul>
            <p>비밀번호가 기억나지 않으면 비밀번호 찾기에서 새로 만들 수 있어요.</p>
            <div className="auth-form__actions">
              <Link to="/find_password" className="btn btn--primary">
                비밀번호 찾기
              </Link>
            </div>
          </>
        ) : (
          <>
            <p>이 번호로 가입한 계정이 없어요. 가입할 때 인증한 번호인지 확인해 주세요.</p>
            <div className="auth-form__actions">
              <button type="button" className="btn btn--secondary" onClick={startOver}>
                다른 번호로 찾기
              </button>
              <Link to="/JoinPage" className="btn btn--primary">
                회원가입
              </Link>
            </div>
          </>
        )}
      </div>
    );
  }

  return (
    <>
      <PhoneVerification
        purpose="FIND_EMAIL"
        verified={verified}
        onVerified={(phone) => void onVerified(phone)}
        onReset={startOver}
        phoneLabel="가입할 때 인증한 휴대폰 번호"
      />
      {error ? <FormAlert>{error}</FormAlert> : null}
    </>
  );
}
