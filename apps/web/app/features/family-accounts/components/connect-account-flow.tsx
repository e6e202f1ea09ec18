import {
  ACCOUNT_LINK_MESSAGES,
  FAMILY_SERVICE_TERMS,
  SERVICE_NAMES,
  type AgreedFamilyTerm,
  type ServiceType,
} from "@seoltab/domain/family-accounts";
import { useId, useState, type FormEvent } from "react";
import { Link, useNavigate } from "react-router";
import { showToast } from "../../../components/ui/toast-container";
import { isRestError } from "../../../lib/rest-client";
import {
  accountLinkLogin,
  agreeFamilyServices,
  connectAccounts,
  setAutoLogin,
  type LinkProof,
} from "../api";
import { errorText } from "../labels";

/**
 * The toast of a failed account-link login (SPEC.md §8 'check email and password'); a throttle
 * (429) or no network passes the server's actionable text on.
 */
function linkLoginMessage(error: unknown): string {
  if (isRestError(error) && (error.status === 429 || error.status === 0)) return error.message;
  return ACCOUNT_LINK_MESSAGES.loginFailed;
}

/**
 * /connect_account (issue 15; SPEC.md §4 Account linking):
 * - forward (signed in here): prove the 오누이 질문답변 account → agree to the family-services
 *   terms → link; success sets the other service's auto-login.
 * - reverse (`?from=QUESTION&ticket=` from the other service): prove the 설탭 account here →
 *   terms → link; success goes to /active_account_finish.
 * A wrong password shows 'check email and password'; a failed link 'linking failed'.
 */
export function ConnectAccountFlow({
  signedIn,
  fromTicket,
}: {
  signedIn: boolean;
  /** The other service's proof (reverse flow), or null. */
  fromTicket: string | null;
}) {
  const id = useId();
  const navigate = useNavigate();
  const reverse = fromTicket !== null;
  const target: ServiceType = reverse ? "LECTURE" : "QUESTION";
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [proof, setProof] = useState<LinkProof | null>(null);
  const [agreed, setAgreed] = useState<Set<string>>(new Set());
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const key = (t: { service: string; id: string }) => `${t.service}.${t.id}`;
  const allRequired = FAMILY_SERVICE_TERMS.filter((t) => t.required).every((t) =>
    agreed.has(key(t)),
  );

  if (!reverse && !signedIn) {
    return (
      <section className="family-card">
        <p>설탭에 로그인한 뒤 다른 서비스 계정을 연동할 수 있어요.</p>
        <div className="family-actions">
          <Link
            to={`/accounts/login?continue=${encodeURIComponent("/connect_account")}`}
            className="btn btn--primary btn--lg"
          >
            로그인하기
          </Link>
        </div>
      </section>
    );
  }

  const prove = async (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setBusy(true);
    try {
      setProof(
        await accountLinkLogin({
          EMAIL_ID: email.trim(),
          PASSWORD: password,
          SERVICE_TYPE: target,
        }),
      );
      setPassword("");
    } catch (e) {
      const message = linkLoginMessage(e);
      setError(message);
      void showToast("error", message);
    } finally {
      setBusy(false);
    }
  };

  const link = async (event: FormEvent) => {
    event.preventDefault();
    if (!proof) return;
    setError(null);
    setBusy(true);
    try {
      const terms: Partial<Record<ServiceType, AgreedFamilyTerm[]>> = {};
      for (const t of FAMILY_SERVICE_TERMS) {
        if (agreed.has(key(t)))
          (terms[t.service] ??= []).push({ TERM_ID: t.id, VERSION: t.version });
      }
      await agreeFamilyServices(terms, reverse ? proof.LINK_TICKET : undefined);
      const answer = await connectAccounts(proof.LINK_TICKET, fromTicket ?? undefined);
      if (answer.AUTO_LOGIN) setAutoLogin(answer.AUTO_LOGIN);
      if (answer.REDIRECT) {
        void navigate(answer.REDIRECT);
        return;
      }
      void showToast("success", "계정을 연동했어요.");
      setDone(true);
    } catch (e) {
      void showToast("error", ACCOUNT_LINK_MESSAGES.linkFailed);
      setError(`${ACCOUNT_LINK_MESSAGES.linkFailed} ${errorText(e)}`);
    } finally {
      setBusy(false);
    }
  };

  if (done) {
    return (
      <section className="family-card" aria-live="polite">
        <h2 className="family-card__name">연동이 끝났어요</h2>
        <p>
          이제 설탭에 로그인하면 {SERVICE_NAMES.QUESTION}에도 바로 들어갈 수 있어요. 결제와 학습
          기록은 서비스마다 따로 관리돼요.
        </p>
        <div className="family-actions">
          <Link to="/_app/profile" className="btn btn--primary btn--lg">
            내 정보에서 연동 확인
          </Link>
        </div>
      </section>
    );
  }

  return proof ? (
    <form className="family-card family-form" onSubmit={(e) => void link(e)} noValidate>
      <h2 className="family-card__name">약관 동의</h2>
      <p className="family-card__meta">
        {SERVICE_NAMES[target]} 계정 {proof.EMAIL_ID}을 확인했어요. 연동하려면 아래 약관에 동의해
        주세요.
      </p>
      <label className="family-check">
        <input
          type="checkbox"
          checked={agreed.size === FAMILY_SERVICE_TERMS.length}
          onChange={(e) =>
            setAgreed(e.target.checked ? new Set(FAMILY_SERVICE_TERMS.map(key)) : new Set())
          }
        />
        <strong>전체 동의</strong>
      </label>
      {(["LECTURE", "QUESTION"] as const).map((service) => (
        <fieldset key={service}>
          <legend>{SERVICE_NAMES[service]}</legend>
          {FAMILY_SERVICE_TERMS.filter((t) => t.service === service).map((t) => (
            <label key={key(t)} className="family-check">
              <input
                type="checkbox"
                checked={agreed.has(key(t))}
                onChange={(e) => {
                  const next = new Set(agreed);
                  if (e.target.checked) next.add(key(t));
                  else next.delete(key(t));
                  setAgreed(next);
                }}
              />
              <span>
                {t.required ? "[필수] " : ""}
                {t.title} <small>({t.version})</small>
              </span>
            </label>
          ))}
        </fieldset>
      ))}
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn--primary btn--lg btn--block"
        disabled={busy || !allRequired}
      >
        동의하고 연동하기
      </button>
    </form>
  ) : (
    <form className="family-card family-form" onSubmit={(e) => void prove(e)} noValidate>
      <h2 className="family-card__name">{SERVICE_NAMES[target]} 계정 확인</h2>
      <p className="family-card__meta">
        {reverse
          ? "연동할 설탭 계정의 이메일과 비밀번호를 입력해 주세요."
          : `연동할 ${SERVICE_NAMES.QUESTION} 계정의 이메일과 비밀번호를 입력해 주세요.`}
      </p>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-email`}>
          이메일
        </label>
        <input
          id={`${id}-email`}
          className="form-input"
          type="email"
          autoComplete="username"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
        />
      </div>
      <div className="form-field">
        <label className="form-field__label" htmlFor={`${id}-password`}>
          비밀번호
        </label>
        <input
          id={`${id}-password`}
          className="form-input"
          type="password"
          autoComplete="current-password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
        />
      </div>
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className="btn btn--primary btn--lg btn--block"
        disabled={busy || !email || !password}
      >
        계정 확인
      </button>
    </form>
  );
}
