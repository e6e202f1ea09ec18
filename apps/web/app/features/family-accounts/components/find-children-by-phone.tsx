import { useState } from "react";
import { isRestError, NETWORK_ERROR_MESSAGE } from "../../../lib/rest-client";
import { findChildrenByParentNumber, type ChildByParentNumber } from "../../../lib/parent-number";
import {
  PhoneVerification,
  type VerifiedPhone,
} from "../../accounts/components/phone-verification";

type Found = { phone: string; children: ChildByParentNumber[] };

/**
 * 자녀 이메일 찾기, beside 가입한 자녀 연결하기 (SPEC.md §7 POST /get_user_by_parent_number; issue
 * 20): the parent proves the phone their child gave as 학부모 휴대폰 (SMS code, purpose
 * FIND_CHILD) and sees the students registered with it — name and email masked by the server,
 * and whether each is already linked (`linkedUserNos`). Linking itself still needs the child's
 * email and the code sent to the child (decision 035): the masked email is a reminder, not a
 * key. Closed until asked for; each search uses a fresh verification (the token is used once).
 */
export function FindChildrenByPhone({ linkedUserNos }: { linkedUserNos: readonly number[] }) {
  const [open, setOpen] = useState(false);
  const [verified, setVerified] = useState<VerifiedPhone | null>(null);
  const [found, setFound] = useState<Found | null>(null);
  const [error, setError] = useState<string | null>(null);

  const startOver = () => {
    setVerified(null);
    setFound(null);
    setError(null);
  };

  const onVerified = async (phone: VerifiedPhone) => {
    setVerified(phone);
    setError(null);
    try {
      const children = await findChildrenByParentNumber(phone.phone, phone.token);
      setFound({ phone: phone.phone, children });
    } catch (e) {
      // The token is spent either way: verify again to retry.
      setVerified(null);
      setError(isRestError(e) ? e.message : NETWORK_ERROR_MESSAGE);
    }
  };

  if (!open) {
    return (
      <button type="button" className="btn btn--ghost" onClick={() => setOpen(true)}>
        자녀 이메일이 기억나지 않아요
      </button>
    );
  }

  return (
    <div className="family-box" data-testid="find-children-by-phone">
      <p className="form-field__label">학부모 휴대폰 번호로 자녀 계정 찾기</p>
      <p className="family-card__meta">
        자녀가 가입할 때 적은 학부모 휴대폰 번호를 인증하면, 그 번호로 가입한 자녀 계정을 보여
        드려요. 개인정보 보호를 위해 이름과 이메일 일부는 가려서 보여 드려요.
      </p>
      <PhoneVerification
        purpose="FIND_CHILD"
        verified={verified}
        onVerified={(phone) => void onVerified(phone)}
        onReset={startOver}
        phoneLabel="학부모 휴대폰 번호"
      />
      {error ? (
        <p className="form-alert form-alert--error" role="alert">
          {error}
        </p>
      ) : null}
      {found ? (
        found.children.length === 0 ? (
          <p className="family-card__meta" role="status">
            이 번호를 학부모 휴대폰으로 적고 가입한 자녀 계정이 없어요. 자녀가 가입할 때 다른 번호를
            적었는지 확인하거나, 자녀 계정을 새로 만들어 주세요.
          </p>
        ) : (
          <div role="status">
            <p className="family-card__meta">
              이 번호로 가입한 자녀 계정 {found.children.length}개를 찾았어요. 연결하려면 자녀에게
              전체 이메일을 확인해 위 칸에 적어 주세요.
            </p>
            <ul className="family-found" aria-label="찾은 자녀 계정">
              {found.children.map((c) => (
                <li key={c.USER_NO} className="family-found__row">
                  <span>
                    {c.USER_NAME} · {c.EMAIL_ID}
                  </span>
                  {linkedUserNos.includes(c.USER_NO) ? (
                    <span className="family-found__tag">이미 연결됨</span>
                  ) : null}
                </li>
              ))}
            </ul>
          </div>
        )
      ) : null}
    </div>
  );
}
