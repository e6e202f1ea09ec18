import { SERVICE_NAMES, type ServiceType } from "@seoltab/domain/family-accounts";
import { useCallback, useEffect, useState } from "react";
import { Link } from "react-router";
import { showToast } from "../../../components/ui/toast-container";
import { seoulDateTime } from "../../payments/format";
import { accountLinkStatus, unlinkAccount, type AccountLinkStatus } from "../api";
import { errorText } from "../labels";

/**
 * 계정 연동 on the profile page (issue 15): the services this account is linked to, unlinking
 * (both accounts stay as they are), and the way to /connect_account.
 */
export function AccountLinksPanel() {
  const [links, setLinks] = useState<AccountLinkStatus["LINKS"] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    accountLinkStatus().then(
      (s) => setLinks(s.LINKS),
      (e: unknown) => setError(errorText(e)),
    );
  }, []);
  useEffect(load, [load]);
  const unlink = async (serviceType: string) => {
    if (!window.confirm("계정 연동을 해제할까요? 두 계정은 그대로 남아요.")) return;
    try {
      await unlinkAccount(serviceType);
      void showToast("success", "계정 연동을 해제했어요.");
      load();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <div className="family-form">
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {links === null ? null : links.length === 0 ? (
        <p>
          연동된 서비스가 없어요. 오누이 질문답변 계정을 연동하면 한 번의 로그인으로 함께 쓸 수
          있어요.
        </p>
      ) : (
        <ul className="family-list">
          {links.map((l) => (
            <li key={l.SERVICE_TYPE}>
              {SERVICE_NAMES[l.SERVICE_TYPE as ServiceType] ?? l.SERVICE_TYPE} · {l.EMAIL_ID} ·{" "}
              {seoulDateTime(l.LINKED_AT)} 연동{" "}
              <button
                type="button"
                className="btn btn--ghost"
                onClick={() => void unlink(l.SERVICE_TYPE)}
              >
                연동 해제
              </button>
            </li>
          ))}
        </ul>
      )}
      {links !== null && links.length === 0 ? (
        <div className="app-panel__actions app-panel__actions--left">
          <Link to="/connect_account" className="btn btn--secondary">
            계정 연동하기
          </Link>
        </div>
      ) : null}
    </div>
  );
}
