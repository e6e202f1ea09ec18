import { TIMELINE_KINDS, TIMELINE_KIND_LABELS, type TimelineKind } from "@seoltab/domain/admin";
import { useCallback, useEffect, useId, useState, type FormEvent } from "react";
import { Link } from "react-router";
import { addNote, familyPage, newActionKey, type FamilyPage } from "../api";
import { seoulTime, stateLabel } from "../format";
import { restErrorText } from "../../../lib/rest-errors";
import { CashForm } from "./cash-form";
import { ConsoleError, ConsoleFrame } from "./console-frame";
import { ViewAsFamilyButton } from "../../view-as/components/view-as-family-button";

const TYPE_LABELS: Record<string, string> = { STUDENT: "학생", PARENT: "학부모" };

function NoteForm({ userNo, onSaved }: { userNo: number; onSaved: () => void }) {
  const id = useId();
  const [body, setBody] = useState("");
  const [key, setKey] = useState(newActionKey);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function submit(e: FormEvent) {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await addNote({ IDEMPOTENCY_KEY: key, USER_NO: userNo, BODY: body });
      setBody("");
      setKey(newActionKey());
      onSaved();
    } catch (err) {
      setError(restErrorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <form className="console-form" onSubmit={submit}>
      <label htmlFor={`${id}-note`}>상담 메모 남기기</label>
      <textarea
        id={`${id}-note`}
        value={body}
        maxLength={2000}
        rows={3}
        required
        onChange={(e) => setBody(e.target.value)}
      />
      <ConsoleError message={error} />
      <button type="submit" className="btn btn--primary" disabled={busy || !body.trim()}>
        메모 저장
      </button>
    </form>
  );
}

function FamilyBody({ userNo }: { userNo: number }) {
  const [kinds, setKinds] = useState<TimelineKind[]>([]);
  const [page, setPage] = useState<FamilyPage | null>(null);
  /** How many timeline entries are shown (50 more per press of 더 보기). */
  const [shown, setShown] = useState(50);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(() => {
    familyPage(userNo, kinds)
      .then((p) => {
        setPage(p);
        setError(null);
      })
      .catch((e: unknown) => setError(restErrorText(e)));
  }, [userNo, kinds]);
  useEffect(load, [load]);
  const toggle = (k: TimelineKind) =>
    setKinds((now) => (now.includes(k) ? now.filter((x) => x !== k) : [...now, k]));

  return (
    <>
      <ConsoleError message={error} />
      {page ? (
        <>
          <section className="staff-section" aria-labelledby="family-members-h">
            <h2 id="family-members-h">가족</h2>
            <ul className="console-members">
              {page.MEMBERS.map((m) => (
                <li key={m.USER_NO} className="console-card">
                  <Link to={`/_app/admin/families/${m.USER_NO}`} className="console-card__title">
                    {m.USER_NAME} ({TYPE_LABELS[m.USER_TYPE] ?? m.USER_TYPE} #{m.USER_NO})
                  </Link>
                  <p className="console-card__meta">
                    {m.EMAIL_ID} · {m.PHONE ?? "전화번호 없음"}
                    {m.GRADE ? ` · ${m.GRADE}` : ""}
                  </p>
                  {m.USER_TYPE === "STUDENT" || m.USER_TYPE === "PARENT" ? (
                    <ViewAsFamilyButton userId={m.USER_NO} />
                  ) : null}
                </li>
              ))}
            </ul>
            <NoteForm userNo={userNo} onSaved={load} />
          </section>
          {page.MEMBERS.some((m) => m.USER_TYPE === "STUDENT") ? (
            <section className="staff-section" aria-labelledby="family-cash-h">
              <h2 id="family-cash-h">현금 결제 기록</h2>
              <CashForm
                students={page.MEMBERS.filter((m) => m.USER_TYPE === "STUDENT")}
                onDone={load}
              />
            </section>
          ) : null}
          <section className="staff-section" aria-labelledby="family-timeline-h">
            <h2 id="family-timeline-h">타임라인 (최근 순)</h2>
            <fieldset className="console-filter">
              <legend>종류</legend>
              {TIMELINE_KINDS.map((k) => (
                <label key={k} className="console-chip">
                  <input type="checkbox" checked={kinds.includes(k)} onChange={() => toggle(k)} />
                  {TIMELINE_KIND_LABELS[k]}
                </label>
              ))}
            </fieldset>
            {page.TIMELINE.length === 0 ? <p className="console-empty">기록이 없어요.</p> : null}
            <ol className="console-timeline">
              {page.TIMELINE.slice(0, shown).map((e) => (
                <li key={e.KEY} className="console-timeline__item">
                  <span className="console-kind">{TIMELINE_KIND_LABELS[e.KIND]}</span>
                  <time dateTime={e.AT}>{seoulTime(e.AT)}</time>
                  <p className="console-timeline__title">
                    {e.PAYMENT_ID && (e.KIND === "PAYMENT" || e.KIND === "REFUND") ? (
                      <Link to={`/_app/admin/payments/${e.PAYMENT_ID}`}>{e.TITLE}</Link>
                    ) : (
                      e.TITLE
                    )}
                    {e.STATE ? <span className="console-state">{stateLabel(e.STATE)}</span> : null}
                  </p>
                  {e.DETAIL ? <p className="console-timeline__detail">{e.DETAIL}</p> : null}
                </li>
              ))}
            </ol>
            {page.TIMELINE.length > shown ? (
              <button
                type="button"
                className="btn btn--secondary"
                onClick={() => setShown((n) => n + 50)}
              >
                더 보기 ({page.TIMELINE.length - shown}건 남음)
              </button>
            ) : null}
          </section>
        </>
      ) : null}
    </>
  );
}

/** /_app/admin/families/:userNo — the family page (issue 16). */
export function FamilyView({ userNo }: { userNo: number }) {
  return (
    <ConsoleFrame title="가족 정보">
      <FamilyBody userNo={userNo} />
    </ConsoleFrame>
  );
}
