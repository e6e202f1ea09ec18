import { ADMIN_SEARCH_MAX_LENGTH, mayPerform } from "@seoltab/domain/admin";
import { useEffect, useId, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { queuesPage, searchConsole, type QueuesPage, type SearchHit } from "../api";
import { METHOD_LABELS, seoulTime, stateLabel, won } from "../format";
import { restErrorText } from "../../../lib/rest-errors";
import { ConsoleError, ConsoleFrame } from "./console-frame";
import { ExportButton } from "./export-button";
import { useRootStore } from "../../../stores/root-store";

/** Where a hit opens. */
export function hitPath(kind: "PAYMENT" | "FAMILY", id: number): string {
  return kind === "PAYMENT" ? `/_app/admin/payments/${id}` : `/_app/admin/families/${id}`;
}

function Hit({ hit }: { hit: SearchHit }) {
  const p = hit.PAYMENT;
  const u = hit.USER;
  return (
    <li className="console-card">
      <Link to={hitPath(hit.KIND, hit.ID)} className="console-card__title">
        {p
          ? `결제 #${p.PAYMENT_ID} ${p.NAME}`
          : `${u?.USER_NAME ?? ""} (${u?.USER_TYPE === "PARENT" ? "학부모" : "학생"} #${hit.ID})`}
      </Link>
      {p ? (
        <p className="console-card__meta">
          {p.USER_NAME} · {METHOD_LABELS[p.PAYMENT_METHOD] ?? p.PAYMENT_METHOD} ·{" "}
          {won(p.PAID_PRICE)} · {stateLabel(p.STATE)}
          {p.CARD_NUMBER ? ` · ${p.CARD_COMPANY ?? ""} ${p.CARD_NUMBER}` : ""} ·{" "}
          {seoulTime(p.CREATED_AT)}
        </p>
      ) : u ? (
        <p className="console-card__meta">
          {u.EMAIL_ID} · {u.PHONE ?? "전화번호 없음"} · 가입 {seoulTime(u.CREATED_AT)}
        </p>
      ) : null}
      <ul className="console-card__why" aria-label="찾은 이유">
        {hit.MATCHED.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </li>
  );
}

/** The one search box (issue 16): every key; a pasted id opens its record at once. */
export function ConsoleSearch() {
  const id = useId();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = params.get("q") ?? "";
  const [text, setText] = useState(query);
  const [hits, setHits] = useState<SearchHit[]>([]);
  const [next, setNext] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [searched, setSearched] = useState(false);
  const role = useRootStore((s) => s.auth.data?.USER_TYPE ?? null);
  const mayExport = role ? mayPerform(role, "export") : false;

  useEffect(() => {
    if (!query) return;
    let live = true;
    searchConsole(query)
      .then((page) => {
        if (!live) return;
        if (page.DIRECT) {
          navigate(hitPath(page.DIRECT.KIND, page.DIRECT.ID));
          return;
        }
        setHits(page.HITS);
        setNext(page.NEXT_CURSOR);
        setSearched(true);
      })
      .catch((e: unknown) => live && setError(restErrorText(e)))
      .finally(() => live && setBusy(false));
    return () => {
      live = false;
    };
  }, [query, navigate]);

  function submit(e: FormEvent) {
    e.preventDefault();
    const q = text.trim();
    if (!q) return;
    setBusy(true);
    setError(null);
    setParams({ q });
  }

  async function more() {
    if (!next) return;
    setBusy(true);
    try {
      const page = await searchConsole(query, next);
      setHits((h) => [...h, ...page.HITS]);
      setNext(page.NEXT_CURSOR);
    } catch (e) {
      setError(restErrorText(e));
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="staff-section" aria-labelledby={`${id}-h`}>
      <h2 id={`${id}-h`}>가족·결제 찾기</h2>
      <form className="console-search" role="search" onSubmit={submit}>
        <label htmlFor={`${id}-q`}>
          이름, 전화번호, 이메일, 회원·결제·정기결제 번호, imp_uid, 주문 번호, 카드 앞 8자리·뒤
          4자리
        </label>
        <div className="console-search__row">
          <input
            id={`${id}-q`}
            name="q"
            type="search"
            value={text}
            maxLength={ADMIN_SEARCH_MAX_LENGTH}
            autoComplete="off"
            onChange={(e) => setText(e.target.value)}
            placeholder="예: 김하늘, 4242-4242, imp_123…"
          />
          <button type="submit" className="btn btn--primary" disabled={busy}>
            검색
          </button>
        </div>
      </form>
      <ConsoleError message={error} />
      {searched && hits.length === 0 && !error ? (
        <p className="console-empty">찾은 결과가 없어요.</p>
      ) : null}
      {hits.length > 0 && mayExport ? (
        <ExportButton list="SEARCH" query={query} onError={setError} />
      ) : null}
      {hits.length > 0 ? (
        <ol className="staff-list" aria-label="검색 결과 (최근 순)">
          {hits.map((h) => (
            <Hit key={`${h.KIND}:${h.ID}`} hit={h} />
          ))}
        </ol>
      ) : null}
      {next ? (
        <button type="button" className="btn btn--secondary" onClick={more} disabled={busy}>
          더 보기
        </button>
      ) : null}
    </section>
  );
}

/** The queue cards with their counts (issue 16 "Queues"). */
export function QueueCards({ data }: { data: QueuesPage | null }) {
  if (!data) return null;
  return (
    <ul className="console-queues" aria-label="대기열">
      {data.QUEUES.map((q) => (
        <li key={q.QUEUE} className="console-queue">
          <span className="console-queue__count">{q.COUNT.toLocaleString("ko-KR")}</span>
          {q.PATH ? (
            <Link to={q.PATH} className="console-queue__label">
              {q.LABEL}
            </Link>
          ) : (
            <span className="console-queue__label">{q.LABEL}</span>
          )}
        </li>
      ))}
    </ul>
  );
}

function HomeQueues() {
  const [queues, setQueues] = useState<QueuesPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    queuesPage()
      .then(setQueues)
      .catch((e: unknown) => setError(restErrorText(e)));
  }, []);
  return (
    <section className="staff-section" aria-labelledby="console-queues-h">
      <h2 id="console-queues-h">처리할 일</h2>
      <ConsoleError message={error} />
      <QueueCards data={queues} />
    </section>
  );
}

/** /_app/admin: the console home — the search box and the queues (loaded for staff only). */
export function ConsoleHome() {
  return (
    <ConsoleFrame title="운영 콘솔">
      <ConsoleSearch />
      <HomeQueues />
    </ConsoleFrame>
  );
}
