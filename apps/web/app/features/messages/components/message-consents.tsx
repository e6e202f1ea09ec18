import { useMutation, useQuery } from "@apollo/client/react";
import { withParticle } from "@seoltab/domain";
import { useId, useState } from "react";
import { toast } from "react-toastify";
import { errorMessage } from "../../../lib/graphql-errors";
import {
  CONSENT_HINTS,
  CONSENT_KINDS,
  CONSENT_LABELS,
  MESSAGE_CONSENTS,
  SET_MESSAGE_CONSENT,
  consentContext,
  seoulDateText,
  type ConsentKind,
  type MessageConsent,
} from "../api";
import "../messages.css";

/** The line under a switch: when the standing choice was made, Asia/Seoul. */
function choiceText(consent: MessageConsent | undefined): string {
  if (!consent?.at) return "아직 선택하지 않았어요.";
  const day = seoulDateText(consent.at);
  if (consent.needsReconfirm) return `${day}에 동의했어요.`;
  return consent.granted ? `${day}에 동의했어요.` : `${day}에 받지 않기로 했어요.`;
}

function savedText(kind: ConsentKind, granted: boolean): string {
  const label = CONSENT_LABELS[kind];
  if (kind === "NIGHT") {
    return granted ? "야간 광고 수신에 동의했어요." : "야간에는 광고를 받지 않아요.";
  }
  return granted
    ? `${label} 수신에 동의했어요.`
    : `${withParticle(label, "을/를")} 받지 않기로 했어요.`;
}

/**
 * 알림 수신 설정 on the profile (issue #17; docs/api/messages.md "Consent"): informational
 * messages (payments, lessons) always arrive; one switch per advertising kind (문자, 이메일, 앱
 * 푸시, 야간), each saved at once with a toast, the date of the standing choice, and a confirm
 * button when a consent is older than 2 years. Tutors (`userType` TEACHER) use
 * `/workspace/graphql`, everyone else `/matching/graphql`. A failed save is said in place (the
 * server's Korean message) with 다시 시도, and the switch keeps its saved position.
 */
export function MessageConsents({ userType }: { userType: string }) {
  const id = useId();
  const context = consentContext(userType);
  const { data, error, refetch } = useQuery(MESSAGE_CONSENTS, {
    context,
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const [setConsent] = useMutation(SET_MESSAGE_CONSENT, { context });
  const [saved, setSaved] = useState<MessageConsent[] | null>(null);
  const [busy, setBusy] = useState<ConsentKind | null>(null);
  const [failed, setFailed] = useState<{
    kind: ConsentKind;
    granted: boolean;
    message: string;
  } | null>(null);

  const consents = saved ?? data?.messageConsents ?? null;
  const byKind = new Map(consents?.map((c) => [c.kind, c]));

  const save = async (kind: ConsentKind, granted: boolean) => {
    setBusy(kind);
    setFailed(null);
    try {
      const result = await setConsent({ variables: { kind, granted } });
      if (result.data) setSaved(result.data.setMessageConsent);
      toast.success(savedText(kind, granted));
    } catch (err) {
      setFailed({ kind, granted, message: errorMessage(err) });
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="message-consents" data-testid="message-consents">
      <p className="message-consents__always">
        결제·수업 안내(결제 완료, 수업 알림, 수업 시간 변경 등)는 아래 설정과 관계없이 항상 보내
        드려요.
      </p>
      <p className="form-field__hint">
        아래는 이벤트·혜택 같은 광고성 알림이에요. 바꾸면 바로 저장돼요.
      </p>
      {error && !consents ? (
        <div role="alert" className="message-consents__problem">
          <p>{errorMessage(error)}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
            다시 시도
          </button>
        </div>
      ) : null}
      {!error && !consents ? <p aria-busy="true">불러오는 중이에요…</p> : null}
      {consents ? (
        <ul className="message-consents__list">
          {CONSENT_KINDS.map((kind) => {
            const consent = byKind.get(kind);
            const on = consent?.granted ?? false;
            const hintId = `${id}-${kind}-hint`;
            return (
              <li key={kind} className="consent-row" data-testid={`consent-${kind}`}>
                <label className="consent-row__switch">
                  <span className="consent-row__text">
                    <span className="consent-row__label" id={`${id}-${kind}-label`}>
                      {CONSENT_LABELS[kind]}
                    </span>
                    <span className="consent-row__hint" id={hintId}>
                      {CONSENT_HINTS[kind]}
                    </span>
                  </span>
                  <input
                    type="checkbox"
                    role="switch"
                    className="switch"
                    checked={on}
                    disabled={busy !== null}
                    aria-labelledby={`${id}-${kind}-label`}
                    aria-describedby={`${hintId} ${id}-${kind}-when`}
                    aria-busy={busy === kind || undefined}
                    onChange={(e) => void save(kind, e.target.checked)}
                  />
                </label>
                <p
                  className="consent-row__when"
                  id={`${id}-${kind}-when`}
                  data-testid="consent-when"
                >
                  {busy === kind ? "저장하는 중이에요…" : choiceText(consent)}
                </p>
                {consent?.needsReconfirm ? (
                  <div className="consent-row__reconfirm" data-testid="consent-reconfirm">
                    <p>동의한 지 2년이 지나 다시 확인이 필요해요.</p>
                    <div className="consent-row__buttons">
                      <button
                        type="button"
                        className="btn btn--primary"
                        disabled={busy !== null}
                        onClick={() => void save(kind, true)}
                      >
                        계속 받기
                      </button>
                      <button
                        type="button"
                        className="btn btn--secondary"
                        disabled={busy !== null}
                        onClick={() => void save(kind, false)}
                      >
                        그만 받기
                      </button>
                    </div>
                  </div>
                ) : null}
                {failed?.kind === kind ? (
                  <div role="alert" className="message-consents__problem">
                    <p>{failed.message}</p>
                    <button
                      type="button"
                      className="btn btn--secondary"
                      disabled={busy !== null}
                      onClick={() => void save(failed.kind, failed.granted)}
                    >
                      다시 시도
                    </button>
                  </div>
                ) : null}
              </li>
            );
          })}
        </ul>
      ) : null}
    </div>
  );
}
