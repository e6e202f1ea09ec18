import { useLazyQuery, useQuery } from "@apollo/client/react";
import { useId, useState, type FormEvent, type ReactNode } from "react";
import { Link } from "react-router";
import { Pager } from "../../../components/ui/pager";
import { FilterButtons, useAddressFilter } from "../../../components/ui/staff-filter";
import { StaffGate } from "../../../components/ui/staff-gate";
import { errorMessage } from "../../../lib/graphql-errors";
import { useRootStore } from "../../../stores/root-store";
import {
  ACTION_LABELS,
  AUDIT_ENTRIES,
  AUDIT_KINDS,
  AUDIT_KIND_LABELS,
  AUDIT_PAGE_SIZE,
  CHAIN_PROBLEM_LABELS,
  INITIATOR_LABELS,
  MATCHING_CONTEXT,
  VERIFY_AUDIT_CHAIN,
  downloadAuditCsv,
  seoulTimeText,
  type AuditEntry,
  type AuditFilterVars,
  type AuditKind,
} from "../api";
import "../audit.css";

/** The filter as the address holds it: ?person=12&record=payment:3&kind=SECURITY&from=&to=. */
interface Filter {
  person: string;
  record: string;
  kind: AuditKind | "";
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

function filterOf(params: URLSearchParams): Filter {
  const kind = params.get("kind") ?? "";
  const day = (name: string) => (DAY.test(params.get(name) ?? "") ? params.get(name)! : "");
  return {
    person: /^\d{1,10}$/.test(params.get("person") ?? "") ? params.get("person")! : "",
    record: (params.get("record") ?? "").trim().slice(0, 128),
    kind: (AUDIT_KINDS as readonly string[]).includes(kind) ? (kind as AuditKind) : "",
    from: day("from"),
    to: day("to"),
  };
}

function paramsOf(filter: Filter): URLSearchParams {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(filter)) if (v) params.set(k, v);
  return params;
}

/** The GraphQL filter; `to` is the day after the chosen last day (the API's `to` is exclusive). */
function varsOf(filter: Filter): AuditFilterVars {
  const nextDay = (day: string) => {
    const d = new Date(`${day}T00:00:00Z`);
    d.setUTCDate(d.getUTCDate() + 1);
    return d.toISOString().slice(0, 10);
  };
  return {
    person: filter.person ? Number(filter.person) : null,
    record: filter.record || null,
    kind: filter.kind || null,
    from: filter.from || null,
    to: filter.to ? nextDay(filter.to) : null,
  };
}

/**
 * /_app/admin/audit (issue 16 "Audit"; docs/api/audit.md): who did what — EXECUTION and
 * SECURITY entries by person (USER_NO: what they did and what was done to them), record
 * (`payment:12`, or `payment:` for every payment) and Seoul days, newest first,
 * {AUDIT_PAGE_SIZE} at a time ("더 보기" continues after the last one). Each entry: time, kind,
 * role and person, action, record, reason, before → after, request id and its place in the
 * hash chain. ADMIN can check the whole chain and download the list as CSV; other staff see
 * that the audit view is for ADMIN (decision 022's table).
 */
export function AuditView() {
  const auth = useRootStore((state) => state.auth);
  const user = auth.flag ? auth.data : null;
  return (
    <AuditFrame title="감사 기록">
      {user?.USER_TYPE === "ADMIN" ? (
        <AuditEntries />
      ) : (
        <section className="staff-section">
          <h2>관리자(ADMIN)만 볼 수 있어요</h2>
          <p className="staff-hint">
            감사 기록 조회와 내보내기는 관리자 계정에서만 할 수 있어요. 필요하면 관리자에게 요청해
            주세요.
          </p>
        </section>
      )}
    </AuditFrame>
  );
}

/** Staff only (others see where to go instead); the page's title and a way back to the console. */
function AuditFrame({ title, children }: { title: string; children: ReactNode }) {
  return (
    <StaffGate notStaff="감사 기록은 운영팀 계정에서만 볼 수 있어요.">
      <div className="staff-page" data-testid="audit-page">
        <Link to="/_app/admin" className="audit-back">
          ← 운영 콘솔
        </Link>
        <h1 className="staff-page__title">{title}</h1>
        {children}
      </div>
    </StaffGate>
  );
}

/** A failed load or action, in Korean, announced to screen readers. */
function AuditError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="staff-error" role="alert">
      {message}
    </p>
  );
}

function AuditEntries() {
  const id = useId();
  const { filter, draft, setDraft, go } = useAddressFilter(filterOf, paramsOf);
  const vars = varsOf(filter);
  const { data, error, loading, fetchMore, refetch } = useQuery(AUDIT_ENTRIES, {
    context: MATCHING_CONTEXT,
    variables: { filter: vars, first: AUDIT_PAGE_SIZE },
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const [more, setMore] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const [exporting, setExporting] = useState<{ busy: boolean; error: string | null }>({
    busy: false,
    error: null,
  });
  const page = data?.auditEntries;
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ ...draft, record: draft.record.trim() });
  };
  const loadMore = async () => {
    if (!page?.nextCursor) return;
    setMore({ busy: true, error: null });
    try {
      await fetchMore({
        variables: { after: page.nextCursor },
        updateQuery: (prev, { fetchMoreResult }) => ({
          auditEntries: {
            entries: [...prev.auditEntries.entries, ...fetchMoreResult.auditEntries.entries],
            nextCursor: fetchMoreResult.auditEntries.nextCursor,
          },
        }),
      });
      setMore({ busy: false, error: null });
    } catch (err) {
      setMore({ busy: false, error: errorMessage(err) });
    }
  };
  const exportCsv = async () => {
    setExporting({ busy: true, error: null });
    try {
      await downloadAuditCsv(vars);
      setExporting({ busy: false, error: null });
    } catch (err) {
      setExporting({ busy: false, error: errorMessage(err) });
    }
  };
  const filtered = Boolean(
    filter.person || filter.record || filter.kind || filter.from || filter.to,
  );

  return (
    <>
      <section className="staff-section" aria-labelledby={`${id}-find`}>
        <h2 id={`${id}-find`}>기록 찾기</h2>
        <p className="staff-hint">
          직원의 처리(실행)와 로그인·권한 거부·검색·내보내기(보안)를 최근 것부터 보여 줘요. 시간은
          한국 시간이에요.
        </p>
        <form className="audit-filters" onSubmit={submit} aria-label="감사 기록 찾기">
          <label>
            사람 (회원 번호)
            <input
              name="person"
              inputMode="numeric"
              pattern="[0-9]*"
              className="form-input"
              placeholder="12"
              value={draft.person}
              onChange={(e) => setDraft({ ...draft, person: e.target.value.replace(/\D/g, "") })}
            />
          </label>
          <label>
            대상 기록
            <input
              name="record"
              className="form-input"
              placeholder="payment:12"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              maxLength={128}
              value={draft.record}
              onChange={(e) => setDraft({ ...draft, record: e.target.value })}
            />
          </label>
          <label>
            종류
            <select
              name="kind"
              className="form-input"
              value={draft.kind}
              onChange={(e) => setDraft({ ...draft, kind: e.target.value as Filter["kind"] })}
            >
              <option value="">전체</option>
              {AUDIT_KINDS.map((k) => (
                <option key={k} value={k}>
                  {AUDIT_KIND_LABELS[k]}
                </option>
              ))}
            </select>
          </label>
          <label>
            시작일
            <input
              type="date"
              className="form-input"
              name="from"
              value={draft.from}
              onChange={(e) => setDraft({ ...draft, from: e.target.value })}
            />
          </label>
          <label>
            종료일
            <input
              type="date"
              className="form-input"
              name="to"
              value={draft.to}
              onChange={(e) => setDraft({ ...draft, to: e.target.value })}
            />
          </label>
          <FilterButtons
            className="audit-actions audit-filters__buttons"
            filtered={filtered}
            onShowAll={() => go({ person: "", record: "", kind: "", from: "", to: "" })}
          />
        </form>
        <p className="staff-hint">
          대상 예: payment:12 (결제), refund_request:3 (환불 요청), user:7 (회원). payment: 처럼
          끝에 :만 쓰면 그 종류 전체를 찾아요.
        </p>
      </section>

      <section className="staff-section" aria-labelledby={`${id}-list`}>
        <div className="audit-list-head">
          <h2 id={`${id}-list`}>기록</h2>
          <div className="audit-actions">
            <button
              type="button"
              className="btn btn--secondary"
              disabled={exporting.busy}
              onClick={() => void exportCsv()}
            >
              {exporting.busy ? "내보내는 중…" : "CSV 내보내기"}
            </button>
            <ChainCheck />
          </div>
        </div>
        <AuditError message={exporting.error} />
        {error ? (
          <div role="alert" className="audit-actions">
            <p className="staff-error">{errorMessage(error)}</p>
            <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
              다시 시도
            </button>
          </div>
        ) : null}
        {!error && !page ? <p aria-busy="true">불러오는 중이에요…</p> : null}
        {!error && page ? (
          <>
            <p data-testid="audit-count" aria-live="polite" className="staff-hint">
              {page.entries.length}건{page.nextCursor ? " (더 있어요)" : ""}
            </p>
            {page.entries.length === 0 ? (
              <p className="staff-hint">해당하는 기록이 없어요.</p>
            ) : null}
            <ol className="staff-list">
              {page.entries.map((e) => (
                <AuditRow key={e.id} entry={e} filter={filter} />
              ))}
            </ol>
            {page.nextCursor ? (
              <Pager
                kind="more"
                busy={more.busy}
                disabled={loading}
                onMore={() => void loadMore()}
              />
            ) : null}
            <AuditError message={more.error} />
          </>
        ) : null}
      </section>
    </>
  );
}

function ChainCheck() {
  const [verify, { data, loading, error }] = useLazyQuery(VERIFY_AUDIT_CHAIN, {
    fetchPolicy: "network-only",
  });
  const report = data?.verifyAuditChain;
  return (
    <>
      <button
        type="button"
        className="btn btn--secondary"
        disabled={loading}
        onClick={() => void verify({ context: MATCHING_CONTEXT }).catch(() => undefined)}
      >
        {loading ? "검증하는 중…" : "체인 검증"}
      </button>
      <div className="audit-chain" aria-live="polite" data-testid="audit-chain">
        {error ? <p className="staff-error">{errorMessage(error)}</p> : null}
        {report?.ok ? (
          <p className="staff-done">
            기록 {(report.entries ?? 0).toLocaleString("ko-KR")}건 모두 이상 없어요.
          </p>
        ) : null}
        {report && !report.ok ? (
          <p className="staff-error" role="alert">
            {report.brokenId ? `#${report.brokenId} 기록에서 ` : ""}
            체인이 끊겼어요: {CHAIN_PROBLEM_LABELS[report.problem ?? ""] ?? report.problem}
          </p>
        ) : null}
      </div>
    </>
  );
}

function pretty(json: string | null): string | null {
  if (json === null) return null;
  try {
    const value: unknown = JSON.parse(json);
    if (value === null) return null;
    if (typeof value === "object" && Object.keys(value as object).length === 0) return null;
    return JSON.stringify(value, null, 1).replace(/\n\s*/g, " ");
  } catch {
    return json;
  }
}

function AuditRow({ entry: e, filter }: { entry: AuditEntry; filter: Filter }) {
  const before = pretty(e.before);
  const after = pretty(e.after);
  const personLink = e.actorUserId
    ? `?${paramsOf({ ...filter, person: String(e.actorUserId) }).toString()}`
    : null;
  const recordLink = e.target ? `?${paramsOf({ ...filter, record: e.target }).toString()}` : null;
  return (
    <li className="audit-card audit-row" data-testid="audit-row" data-kind={e.kind}>
      <div className="audit-row__head">
        <span className={`audit-kind audit-kind--${e.kind.toLowerCase()}`}>
          {AUDIT_KIND_LABELS[e.kind as AuditKind] ?? e.kind}
        </span>
        <strong className="audit-row__action">{ACTION_LABELS[e.action] ?? e.action}</strong>
        <time dateTime={e.createdAt} className="audit-meta">
          {seoulTimeText(e.createdAt)}
        </time>
      </div>
      <dl className="audit-dl">
        <dt>누가</dt>
        <dd data-testid="audit-actor">
          {INITIATOR_LABELS[e.initiator] ?? e.initiator}
          {e.actorUserId ? (
            <>
              {" · "}
              <Link to={personLink!} title="이 사람의 기록만 보기">
                {e.actorName ?? "이름 없음"} #{e.actorUserId}
              </Link>
            </>
          ) : null}
        </dd>
        {e.target ? (
          <>
            <dt>대상</dt>
            <dd className="staff-mono">
              <Link to={recordLink!} title="이 기록만 보기">
                {e.target}
              </Link>
            </dd>
          </>
        ) : null}
        {e.reason ? (
          <>
            <dt>사유</dt>
            <dd>{e.reason}</dd>
          </>
        ) : null}
        {before ? (
          <>
            <dt>이전</dt>
            <dd className="staff-mono">{before}</dd>
          </>
        ) : null}
        {after ? (
          <>
            <dt>이후</dt>
            <dd className="staff-mono">{after}</dd>
          </>
        ) : null}
        {!before && !after ? (
          <>
            <dt>내용</dt>
            <dd className="staff-mono">{pretty(e.detail) ?? "—"}</dd>
          </>
        ) : null}
        {e.requestId ? (
          <>
            <dt>요청 ID</dt>
            <dd className="staff-mono">{e.requestId}</dd>
          </>
        ) : null}
        <dt>체인</dt>
        <dd className="staff-mono" title={e.hash ?? undefined}>
          #{e.id}
          {e.seq ? ` · ${e.seq}번째 · ${e.hash?.slice(0, 12)}…` : " · 봉인 전"}
        </dd>
      </dl>
    </li>
  );
}
