import { UTM_KEYS, withParticle } from "@seoltab/domain";
import { useEffect, useId, useState, type FormEvent } from "react";
import { toast } from "react-toastify";
import { StaffGate } from "../../../components/ui/staff-gate";
import { isRestError } from "../../../lib/rest-client";
import { restErrorText } from "../../../lib/rest-errors";
import { useModalStore } from "../../../stores/modal-store";
import {
  changeConsultationStatus,
  listConsultations,
  type ConsultationItem,
  type ConsultationListFilter,
  type ConsultationListResponse,
} from "../admin-api";
import {
  applicantTypeLabel,
  gradeLabel,
  NEXT_STATUSES,
  preferredTimeLabel,
  STATUS_ACTION_LABELS,
  STATUS_LABELS,
  type ConsultationStatus,
} from "../options";

const SEOUL_TIME = new Intl.DateTimeFormat("ko-KR", {
  timeZone: "Asia/Seoul",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** "2026. 11. 21. 14:03" in Asia/Seoul. */
export function seoulDateTime(iso: string): string {
  return SEOUL_TIME.format(new Date(iso));
}

/** "010-1234-5678" from digits (10 or 11). */
export function formatPhone(digits: string): string {
  return digits.length === 11
    ? `${digits.slice(0, 3)}-${digits.slice(3, 7)}-${digits.slice(7)}`
    : `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * The staff page of consultation requests (/_app/admin/consultations): for ADMIN and SALES_TEAM
 * only (others see why, and the api refuses them anyway). Signed out: the way to sign in.
 */
export function StaffConsultations() {
  return (
    <StaffGate
      notStaff="상담 신청 목록은 운영팀과 영업팀 계정에서만 열 수 있어요."
      signedOut="상담 신청 목록은 운영팀 계정으로 로그인한 뒤에 볼 수 있어요."
    >
      <ConsultationList />
    </StaffGate>
  );
}

interface ListState {
  items: ConsultationItem[];
  total: number;
  nextCursor: string | null;
}

function ConsultationList() {
  const uid = useId();
  const [draft, setDraft] = useState<{ status: string; from: string; to: string }>({
    status: "",
    from: "",
    to: "",
  });
  const [filter, setFilter] = useState<ConsultationListFilter>({});
  const [data, setData] = useState<ListState | null>(null);
  const [loading, setLoading] = useState(true);
  const [error, setError] = useState<string | null>(null);
  const [reloadKey, setReloadKey] = useState(0);
  const openConfirm = useModalStore((state) => state.openConfirm);

  useEffect(() => {
    let cancelled = false;
    listConsultations(filter).then(
      (page: ConsultationListResponse) => {
        if (cancelled) return;
        setData({ items: page.REQUESTS, total: page.TOTAL_COUNT, nextCursor: page.NEXT_CURSOR });
        setError(null);
        setLoading(false);
      },
      (err: unknown) => {
        if (cancelled) return;
        setError(restErrorText(err));
        setLoading(false);
      },
    );
    return () => {
      cancelled = true;
    };
  }, [filter, reloadKey]);

  const search = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (draft.from && draft.to && draft.from > draft.to) {
      setError("시작일이 종료일보다 늦어요. 기간을 다시 골라 주세요.");
      return;
    }
    setLoading(true);
    setFilter({
      ...(draft.status ? { STATUS: draft.status as ConsultationStatus } : {}),
      ...(draft.from ? { FROM: draft.from } : {}),
      ...(draft.to ? { TO: draft.to } : {}),
    });
    setReloadKey((key) => key + 1);
  };

  const loadMore = async () => {
    if (!data?.nextCursor) return;
    setLoading(true);
    try {
      const page = await listConsultations(filter, data.nextCursor);
      setData({
        items: [...data.items, ...page.REQUESTS],
        total: page.TOTAL_COUNT,
        nextCursor: page.NEXT_CURSOR,
      });
      setError(null);
    } catch (err) {
      setError(restErrorText(err));
    } finally {
      setLoading(false);
    }
  };

  const change = async (item: ConsultationItem, to: Exclude<ConsultationStatus, "RECEIVED">) => {
    const confirmed = await openConfirm({
      title: "상담 상태를 바꿀까요?",
      message: `${item.NAME}님의 상담을 ${withParticle(`‘${STATUS_LABELS[to]}’`, "으로/로")} 바꿔요. 바꾼 뒤에는 되돌릴 수 없어요.`,
      confirmText: "바꾸기",
    });
    if (!confirmed) return;
    try {
      const updated = await changeConsultationStatus(item.REQUEST_ID, to);
      setData((prev) =>
        prev
          ? {
              ...prev,
              items: prev.items.map((i) => (i.REQUEST_ID === updated.REQUEST_ID ? updated : i)),
            }
          : prev,
      );
      toast.success(
        `${item.NAME}님의 상담을 ${withParticle(`‘${STATUS_LABELS[to]}’`, "으로/로")} 바꿨어요.`,
      );
    } catch (err) {
      toast.error(restErrorText(err));
      if (isRestError(err) && err.errorCode === "invalid_status_transition") {
        setReloadKey((key) => key + 1);
      }
    }
  };

  return (
    <section className="cst-staff" aria-labelledby="staff-title">
      <div className="cst-staff__head">
        <h1 id="staff-title">상담 신청 목록</h1>
        <p className="cst-staff__lead">
          새 신청이 위에 보여요. 연락처는 상담 전화에만 쓰고, 신청일로부터 1년이 지나면 자동으로
          지워져요.
        </p>
      </div>

      <form className="cst-filter" onSubmit={search} aria-label="상담 신청 검색">
        <div className="cst-filter__field">
          <label htmlFor={`${uid}-status`}>상태</label>
          <select
            id={`${uid}-status`}
            className="cst-input cst-select"
            value={draft.status}
            onChange={(event) => setDraft({ ...draft, status: event.target.value })}
          >
            <option value="">전체</option>
            {Object.entries(STATUS_LABELS).map(([value, label]) => (
              <option key={value} value={value}>
                {label}
              </option>
            ))}
          </select>
        </div>
        <div className="cst-filter__field">
          <label htmlFor={`${uid}-from`}>시작일</label>
          <input
            id={`${uid}-from`}
            className="cst-input"
            type="date"
            value={draft.from}
            onChange={(event) => setDraft({ ...draft, from: event.target.value })}
          />
        </div>
        <div className="cst-filter__field">
          <label htmlFor={`${uid}-to`}>종료일</label>
          <input
            id={`${uid}-to`}
            className="cst-input"
            type="date"
            value={draft.to}
            onChange={(event) => setDraft({ ...draft, to: event.target.value })}
          />
        </div>
        <button type="submit" className="btn btn--primary cst-filter__submit">
          조회
        </button>
      </form>

      <p className="cst-staff__count" role="status">
        {loading && !data ? "불러오는 중이에요…" : data ? `모두 ${data.total}건` : null}
      </p>
      {error ? (
        <div className="cst-alert" role="alert">
          <p>{error}</p>
          <button
            type="button"
            className="btn btn--secondary"
            onClick={() => {
              setError(null);
              setReloadKey((key) => key + 1);
            }}
          >
            다시 불러오기
          </button>
        </div>
      ) : null}

      {data && data.items.length === 0 && !loading ? (
        <p className="cst-staff__empty">조건에 맞는 상담 신청이 없어요.</p>
      ) : null}

      <ul className="cst-items">
        {data?.items.map((item) => (
          <li key={item.REQUEST_ID}>
            <RequestCard item={item} onChange={(to) => void change(item, to)} />
          </li>
        ))}
      </ul>

      {data?.nextCursor ? (
        <div className="cst-staff__more">
          <button
            type="button"
            className="btn btn--secondary btn--lg"
            onClick={() => void loadMore()}
            disabled={loading}
          >
            {loading ? "불러오는 중…" : "더 보기"}
          </button>
        </div>
      ) : null}
    </section>
  );
}

function RequestCard({
  item,
  onChange,
}: {
  item: ConsultationItem;
  onChange: (to: Exclude<ConsultationStatus, "RECEIVED">) => void;
}) {
  const titleId = `request-${item.REQUEST_ID}`;
  const utm = UTM_KEYS.filter((key) => item.UTM[key]);
  const next = NEXT_STATUSES[item.STATUS] as Exclude<ConsultationStatus, "RECEIVED">[];
  return (
    <article className="cst-item" aria-labelledby={titleId} data-testid="consultation-item">
      <header className="cst-item__head">
        <h2 id={titleId} className="cst-item__title">
          {item.NAME}
          <span className="cst-item__type">{applicantTypeLabel(item.APPLICANT_TYPE)}</span>
        </h2>
        <span className="cst-badge" data-status={item.STATUS}>
          {STATUS_LABELS[item.STATUS]}
        </span>
      </header>
      <dl className="cst-item__facts">
        <div>
          <dt>신청 시각</dt>
          <dd>{seoulDateTime(item.CREATED_AT)}</dd>
        </div>
        <div>
          <dt>학년 · 과목</dt>
          <dd>
            {gradeLabel(item.GRADE)} · {item.SUBJECT}
          </dd>
        </div>
        <div>
          <dt>연락처</dt>
          <dd>
            <a href={`tel:${item.PHONE_NUM}`}>{formatPhone(item.PHONE_NUM)}</a>
          </dd>
        </div>
        <div>
          <dt>희망 시간</dt>
          <dd>
            {preferredTimeLabel(item.PREFERRED_TIME)}
            {item.PREFERRED_TIME_NOTE ? (
              <span className="cst-item__note">{item.PREFERRED_TIME_NOTE}</span>
            ) : null}
          </dd>
        </div>
        {item.MEMO ? (
          <div className="cst-item__wide">
            <dt>궁금한 점</dt>
            <dd className="cst-item__memo">{item.MEMO}</dd>
          </div>
        ) : null}
        <div className="cst-item__wide">
          <dt>유입 경로</dt>
          <dd>
            {utm.length > 0 ? (
              <ul className="cst-utm" data-testid="consultation-utm">
                {utm.map((key) => (
                  <li key={key}>
                    <span className="cst-utm__key">{key}</span> {item.UTM[key]}
                  </li>
                ))}
              </ul>
            ) : (
              "없음 (직접 방문)"
            )}
          </dd>
        </div>
        {item.STATUS_CHANGED_AT && item.STATUS_CHANGED_BY ? (
          <div className="cst-item__wide">
            <dt>처리</dt>
            <dd>
              {item.STATUS_CHANGED_BY.USER_NAME} · {seoulDateTime(item.STATUS_CHANGED_AT)}
            </dd>
          </div>
        ) : null}
      </dl>
      {next.length > 0 ? (
        <div className="cst-item__actions">
          {next.map((to) => (
            <button
              key={to}
              type="button"
              className={to === "CONTACTED" ? "btn btn--primary" : "btn btn--secondary"}
              onClick={() => onChange(to)}
              aria-describedby={titleId}
            >
              {STATUS_ACTION_LABELS[to]}
            </button>
          ))}
        </div>
      ) : null}
    </article>
  );
}
