import { useQuery } from "@apollo/client/react";
import { useId, type FormEvent } from "react";
import { Link } from "react-router";
import { Pager } from "../../../components/ui/pager";
import { FilterButtons, useAddressFilter } from "../../../components/ui/staff-filter";
import { StaffGate } from "../../../components/ui/staff-gate";
import { errorMessage } from "../../../lib/graphql-errors";
import {
  CHANNEL_LABELS,
  MATCHING_CONTEXT,
  MESSAGE_OUTBOX,
  OUTBOX_PAGE_SIZE,
  OUTBOX_STATES,
  OUTBOX_STATE_LABELS,
  RECIPIENT_ROLE_LABELS,
  seoulDateTimeText,
  type OutboxMessage,
  type OutboxState,
} from "../api";
import "../messages.css";

/** The filter as the address bar holds it: ?recipient=12&subject=lesson:3&state=PENDING&page=2. */
interface Filter {
  recipient: string;
  subject: string;
  state: OutboxState | "";
  page: number;
}

function filterOf(params: URLSearchParams): Filter {
  const state = params.get("state") ?? "";
  const page = Number(params.get("page") ?? "1");
  return {
    recipient: /^\d+$/.test(params.get("recipient") ?? "") ? params.get("recipient")! : "",
    subject: (params.get("subject") ?? "").trim(),
    state: (OUTBOX_STATES as readonly string[]).includes(state) ? (state as OutboxState) : "",
    page: Number.isInteger(page) && page >= 1 ? page : 1,
  };
}

function paramsOf(filter: Filter): URLSearchParams {
  const params = new URLSearchParams();
  if (filter.recipient) params.set("recipient", filter.recipient);
  if (filter.subject) params.set("subject", filter.subject);
  if (filter.state) params.set("state", filter.state);
  if (filter.page > 1) params.set("page", String(filter.page));
  return params;
}

const STATE_CLASS: Record<string, string> = {
  PENDING: "outbox-state",
  SENDING: "outbox-state",
  SENT: "outbox-state outbox-state--sent",
  FAILED: "outbox-state outbox-state--failed",
  CANCELLED: "outbox-state outbox-state--cancelled",
};

/**
 * /_app/admin/messages (staff; docs/api/messages.md "Reading the outbox"): the outbox, newest
 * first, 50 a page, filtered by recipient user id, subject (`lesson:12`, `payment:7`,
 * `lecture:3:form`) and state; the filter lives in the address (?recipient=&subject=&state=&page=).
 * Each row: recipient and role, channel, template@version, subject, the full Korean text, state,
 * scheduled and sent time (Asia/Seoul), attempts, and the provider's result or why it was
 * cancelled. Other people see a page that says it is for staff.
 */
export function StaffOutbox() {
  return (
    <StaffGate notStaff="알림 발송 내역은 운영팀과 영업팀 계정에서만 볼 수 있어요.">
      <Outbox />
    </StaffGate>
  );
}

function Outbox() {
  const id = useId();
  // A new address (a link in a row, back and forward) refills the form.
  const { filter, draft, setDraft, go } = useAddressFilter(filterOf, paramsOf);
  const { data, error, loading, refetch } = useQuery(MESSAGE_OUTBOX, {
    context: MATCHING_CONTEXT,
    variables: {
      recipientUserId: filter.recipient ? Number(filter.recipient) : null,
      subject: filter.subject || null,
      state: filter.state || null,
      page: filter.page,
    },
    fetchPolicy: "network-only",
    notifyOnNetworkStatusChange: true,
  });
  const rows = loading ? undefined : data?.messageOutbox;
  // Another page starts at its top (the buttons are under 50 rows).
  const turn = (page: number) => {
    go({ ...filter, page });
    window.scrollTo?.({ top: 0 });
  };
  const submit = (e: FormEvent) => {
    e.preventDefault();
    go({ ...draft, subject: draft.subject.trim(), page: 1 });
  };
  const filtered = Boolean(filter.recipient || filter.subject || filter.state);

  return (
    <section
      className="app-panel app-panel--left outbox-page"
      aria-labelledby={`${id}-title`}
      data-testid="staff-outbox"
    >
      <h1 id={`${id}-title`}>알림 발송 내역</h1>
      <p className="form-field__hint">
        알림톡·문자 발송함이에요. 최근에 만든 알림부터 {OUTBOX_PAGE_SIZE}건씩 보여요. 시간은 모두
        한국 시간이에요.
      </p>
      <form className="outbox-filters" onSubmit={submit} aria-label="발송 내역 찾기">
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-recipient`}>
            받는 사람 회원 번호
          </label>
          <input
            id={`${id}-recipient`}
            className="form-input"
            inputMode="numeric"
            pattern="[0-9]*"
            value={draft.recipient}
            onChange={(e) => setDraft({ ...draft, recipient: e.target.value.replace(/\D/g, "") })}
          />
        </div>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-subject`}>
            대상
          </label>
          <input
            id={`${id}-subject`}
            className="form-input"
            placeholder="lesson:12"
            autoCapitalize="off"
            autoCorrect="off"
            spellCheck={false}
            aria-describedby={`${id}-subject-hint`}
            value={draft.subject}
            onChange={(e) => setDraft({ ...draft, subject: e.target.value })}
          />
        </div>
        <p className="form-field__hint outbox-filters__hint" id={`${id}-subject-hint`}>
          대상 예: lesson:12 (수업), payment:7 (결제), lecture:3:form (수업 신청서)
        </p>
        <div className="form-field">
          <label className="form-field__label" htmlFor={`${id}-state`}>
            상태
          </label>
          <select
            id={`${id}-state`}
            className="form-input"
            value={draft.state}
            onChange={(e) => setDraft({ ...draft, state: e.target.value as Filter["state"] })}
          >
            <option value="">전체</option>
            {OUTBOX_STATES.map((s) => (
              <option key={s} value={s}>
                {OUTBOX_STATE_LABELS[s]}
              </option>
            ))}
          </select>
        </div>
        <FilterButtons
          className="outbox-filters__buttons"
          filtered={filtered}
          onShowAll={() => go({ recipient: "", subject: "", state: "", page: 1 })}
        />
      </form>

      {error ? (
        <div role="alert" className="outbox-pages">
          <p className="outbox-row__problem">{errorMessage(error)}</p>
          <button type="button" className="btn btn--secondary" onClick={() => void refetch()}>
            다시 시도
          </button>
        </div>
      ) : null}
      {!error && !rows ? <p aria-busy="true">불러오는 중이에요…</p> : null}
      {!error && rows ? (
        <>
          <p data-testid="outbox-count" aria-live="polite">
            {filter.page}쪽 · {rows.length}건
          </p>
          {rows.length === 0 ? <p>해당하는 알림이 없어요.</p> : null}
          <ul className="outbox-list">
            {rows.map((m) => (
              <OutboxRow key={m.id} message={m} filter={filter} />
            ))}
          </ul>
        </>
      ) : null}
      {filter.page > 1 || (rows?.length ?? 0) >= OUTBOX_PAGE_SIZE ? (
        <Pager
          kind="pages"
          page={filter.page}
          hasNext={(rows?.length ?? 0) >= OUTBOX_PAGE_SIZE}
          disabled={loading}
          onPage={turn}
        />
      ) : null}
    </section>
  );
}

function OutboxRow({ message: m, filter }: { message: OutboxMessage; filter: Filter }) {
  const stateLabel = OUTBOX_STATE_LABELS[m.state as OutboxState] ?? m.state;
  const subjectLink = paramsOf({ ...filter, subject: m.subject, page: 1 }).toString();
  const recipientLink = paramsOf({
    ...filter,
    recipient: String(m.recipientUserId),
    page: 1,
  }).toString();
  return (
    <li className="outbox-row" data-testid="outbox-row" data-state={m.state}>
      <div className="outbox-row__head">
        <span className={STATE_CLASS[m.state] ?? "outbox-state"} data-testid="outbox-state">
          {stateLabel}
        </span>
        <Link className="outbox-row__who" to={`?${recipientLink}`} title="이 사람의 알림만 보기">
          {m.recipientName} ({RECIPIENT_ROLE_LABELS[m.recipientRole] ?? m.recipientRole} · #
          {m.recipientUserId})
        </Link>
        <span>{CHANNEL_LABELS[m.channel] ?? m.channel}</span>
        <span className="outbox-row__template" data-testid="outbox-template">
          {m.templateId}@{m.templateVersion}
        </span>
        <Link
          className="outbox-row__template"
          to={`?${subjectLink}`}
          title="이 대상의 알림만 보기"
          data-testid="outbox-subject"
        >
          {m.subject}
        </Link>
      </div>
      <p className="outbox-row__text" data-testid="outbox-text">
        {m.text}
      </p>
      <dl className="outbox-row__facts">
        <dt>보낼 시각</dt>
        <dd data-testid="outbox-scheduled">{seoulDateTimeText(m.scheduledAt)}</dd>
        <dt>보낸 시각</dt>
        <dd data-testid="outbox-sent">{m.sentAt ? seoulDateTimeText(m.sentAt) : "—"}</dd>
        <dt>시도</dt>
        <dd>{m.attempts}회</dd>
        {m.cancelReason ? (
          <>
            <dt>취소 사유</dt>
            <dd data-testid="outbox-cancel-reason">{m.cancelReason}</dd>
          </>
        ) : null}
        {m.providerResult ? (
          <>
            <dt>발송 결과</dt>
            <dd
              data-testid="outbox-result"
              className={m.state === "FAILED" ? "outbox-row__problem" : undefined}
            >
              {m.providerResult}
            </dd>
          </>
        ) : null}
        <dt>만든 시각</dt>
        <dd>{seoulDateTimeText(m.createdAt)}</dd>
      </dl>
    </li>
  );
}
