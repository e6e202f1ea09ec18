import { mayPerform } from "@seoltab/domain/admin";
import { useCallback, useEffect, useState } from "react";
import { useRootStore } from "../../../stores/root-store";
import { restErrorText } from "../../../lib/rest-errors";
import {
  DISCOUNT_KIND_LABELS,
  createSalesPolicy,
  deactivateSalesPolicy,
  policySummary,
  salesPoliciesPage,
  salesPolicyBody,
  type SalesMethodView,
  type SalesPoliciesPage,
  type SalesPolicyFormValues,
  type SalesPolicyView,
} from "../sales-policies";
import { ConsoleError, ConsoleFrame } from "./console-frame";
import "../sales-policies.css";

const EMPTY_FORM: SalesPolicyFormValues = {
  salesMethodId: "",
  name: "",
  discountKind: "ADDITIONAL_LECTURE_DISCOUNT",
  discountType: "AMOUNT",
  value: "",
  months: "",
  itemKind: "LECTURE",
  deviceGen: "",
  reason: "",
};

function methodLabel(m: SalesMethodView): string {
  const whose = m.USER_NO === null ? "모든 가족" : `회원 ${m.USER_NO}`;
  const kind = m.CONVERSION_ONLY ? " · 전환 전용" : "";
  return `#${m.ID} ${m.NAME} (${whose}${kind})`;
}

function CreateForm({
  methods,
  onDone,
}: {
  methods: SalesMethodView[];
  onDone: (message: string) => void;
}) {
  const [v, setV] = useState<SalesPolicyFormValues>(EMPTY_FORM);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = (patch: Partial<SalesPolicyFormValues>) => setV((old) => ({ ...old, ...patch }));

  async function submit() {
    const built = salesPolicyBody(v);
    if (!built.ok) {
      setError(built.message);
      return;
    }
    setBusy(true);
    setError(null);
    try {
      const r = await createSalesPolicy(built.body);
      setV(EMPTY_FORM);
      onDone(`정책 #${r.POLICY.ID} 「${r.POLICY.NAME}」을 만들었어요.`);
    } catch (err) {
      setError(restErrorText(err));
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="console-form sales-policy-form"
      aria-label="판매 정책 만들기"
      onSubmit={(e) => {
        e.preventDefault();
        void submit();
      }}
    >
      <h3>판매 정책 만들기</h3>
      <label htmlFor="sp-method">판매 방식</label>
      <select
        id="sp-method"
        value={v.salesMethodId}
        onChange={(e) => set({ salesMethodId: e.target.value })}
      >
        <option value="">고르세요</option>
        {methods
          .filter((m) => m.IS_ACTIVE)
          .map((m) => (
            <option key={m.ID} value={m.ID}>
              {methodLabel(m)}
            </option>
          ))}
      </select>
      <label htmlFor="sp-name">정책 이름 (결제 화면과 영수증에 보여요)</label>
      <input id="sp-name" value={v.name} onChange={(e) => set({ name: e.target.value })} />
      <label htmlFor="sp-kind">할인 종류</label>
      <select
        id="sp-kind"
        value={v.discountKind}
        onChange={(e) => set({ discountKind: e.target.value })}
      >
        {Object.entries(DISCOUNT_KIND_LABELS).map(([kind, label]) => (
          <option key={kind} value={kind}>
            {label} ({kind})
          </option>
        ))}
      </select>
      <fieldset className="console-filter">
        <legend>할인 방식</legend>
        <label className="console-chip">
          <input
            type="radio"
            checked={v.discountType === "AMOUNT"}
            onChange={() => set({ discountType: "AMOUNT" })}
          />
          금액 (원)
        </label>
        <label className="console-chip">
          <input
            type="radio"
            checked={v.discountType === "PERCENT"}
            onChange={() => set({ discountType: "PERCENT" })}
          />
          비율 (%)
        </label>
      </fieldset>
      <label htmlFor="sp-value">
        {v.discountType === "AMOUNT" ? "할인 금액 (원)" : "할인 비율 (%)"}
      </label>
      <input
        id="sp-value"
        inputMode="numeric"
        value={v.value}
        onChange={(e) => set({ value: e.target.value.replace(/[^\d]/g, "") })}
      />
      <fieldset className="console-filter">
        <legend>적용 대상</legend>
        <label className="console-chip">
          <input
            type="radio"
            checked={v.itemKind === "LECTURE"}
            onChange={() => set({ itemKind: "LECTURE", deviceGen: "" })}
          />
          수업
        </label>
        <label className="console-chip">
          <input
            type="radio"
            checked={v.itemKind === "DEVICE"}
            onChange={() => set({ itemKind: "DEVICE", months: "" })}
          />
          기기
        </label>
      </fieldset>
      {v.itemKind === "LECTURE" ? (
        <>
          <label htmlFor="sp-months">개월 수 (비우면 모든 기간)</label>
          <input
            id="sp-months"
            inputMode="numeric"
            value={v.months}
            onChange={(e) => set({ months: e.target.value.replace(/[^\d]/g, "") })}
          />
        </>
      ) : (
        <>
          <label htmlFor="sp-gen">새 태블릿 세대 (policy9 / policy11)</label>
          <select
            id="sp-gen"
            value={v.deviceGen}
            onChange={(e) =>
              set({ deviceGen: e.target.value as SalesPolicyFormValues["deviceGen"] })
            }
          >
            <option value="">모든 기기</option>
            <option value="9">9세대 (policy9)</option>
            <option value="11">11세대 (policy11)</option>
          </select>
        </>
      )}
      <label htmlFor="sp-reason">사유 (감사 기록에 남아요)</label>
      <input id="sp-reason" value={v.reason} onChange={(e) => set({ reason: e.target.value })} />
      <p className="staff-hint">
        어떤 상품의 결제 금액도 0원 아래로 만드는 할인은 만들 수 없어요. 새 주문부터 적용돼요.
      </p>
      <ConsoleError message={error} />
      <button type="submit" className="btn btn--primary" disabled={busy}>
        정책 만들기
      </button>
    </form>
  );
}

function PolicyRow({
  policy,
  mayManage,
  onDone,
}: {
  policy: SalesPolicyView;
  mayManage: boolean;
  onDone: (message: string) => void;
}) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  async function deactivate() {
    setBusy(true);
    setError(null);
    try {
      await deactivateSalesPolicy({ POLICY_ID: policy.ID, REASON: reason.trim() });
      onDone(`정책 #${policy.ID} 「${policy.NAME}」을 껐어요.`);
    } catch (err) {
      setError(restErrorText(err));
    } finally {
      setBusy(false);
    }
  }
  return (
    <li className="console-card" data-testid={`sales-policy-${policy.ID}`}>
      <p className="console-card__title">
        #{policy.ID} {policy.NAME}
        {policy.IS_ACTIVE ? "" : " (꺼짐)"}
      </p>
      <p className="console-card__meta">
        {policySummary(policy)}
        {policy.DISCOUNT_KIND
          ? ` · ${DISCOUNT_KIND_LABELS[policy.DISCOUNT_KIND] ?? policy.DISCOUNT_KIND}`
          : ""}
      </p>
      {mayManage && policy.IS_ACTIVE ? (
        <div className="console-search__row">
          <input
            aria-label={`정책 #${policy.ID} 끄는 사유`}
            placeholder="끄는 사유"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
          />
          <button
            type="button"
            className="btn btn--secondary"
            disabled={busy || reason.trim().length < 2}
            onClick={() => void deactivate()}
          >
            끄기
          </button>
        </div>
      ) : null}
      <ConsoleError message={error} />
    </li>
  );
}

function SalesPoliciesBody() {
  const auth = useRootStore((s) => s.auth);
  const mayManage = auth.data ? mayPerform(auth.data.USER_TYPE, "sales_policy.manage") : false;
  const [page, setPage] = useState<SalesPoliciesPage | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const load = useCallback(() => {
    salesPoliciesPage()
      .then(setPage)
      .catch((e: unknown) => setError(restErrorText(e)));
  }, []);
  useEffect(load, [load]);
  const finished = (message: string) => {
    setDone(message);
    load();
  };
  return (
    <>
      <ConsoleError message={error} />
      {done ? (
        <p className="staff-done" role="status">
          {done}
        </p>
      ) : null}
      {page ? (
        <>
          <section className="staff-section" aria-labelledby="sp-conversions">
            <h2 id="sp-conversions">수업 판매 방식의 전환 (새 태블릿과 함께 살 때)</h2>
            {page.ACTIVE_LECTURE_SALES_METHODS.length === 0 ? (
              <p className="console-empty">전환하는 판매 방식이 없어요.</p>
            ) : (
              <ul className="staff-list">
                {page.ACTIVE_LECTURE_SALES_METHODS.map((m) => (
                  <li key={m.id} className="console-card">
                    <p className="console-card__title">
                      #{m.id} →{" "}
                      {m.to_sales_method_no === null ? "전환 없음" : `#${m.to_sales_method_no}`}
                    </p>
                    <p className="console-card__meta">
                      11세대: {m.policy11 ? m.policy11.name : "없음"} · 9세대:{" "}
                      {m.policy9 ? m.policy9.name : "없음"}
                    </p>
                  </li>
                ))}
              </ul>
            )}
          </section>
          <section className="staff-section" aria-labelledby="sp-methods">
            <h2 id="sp-methods">판매 방식과 정책</h2>
            <p className="staff-hint">
              12개월 5% 할인과 추가 과목·추천 코드·내 태블릿·기기 보유 할인은 결제 규칙에 들어
              있어요 (할인 적용 순서표). 여기 정책은 그 앞에 적용돼요.
            </p>
            {page.SALES_METHODS.map((m) => (
              <div key={m.ID} className="console-card">
                <p className="console-card__title">
                  {methodLabel(m)}
                  {m.IS_ACTIVE ? "" : " (꺼짐)"}
                </p>
                {m.POLICIES.length === 0 ? (
                  <p className="console-card__meta">정책이 없어요.</p>
                ) : (
                  <ul className="staff-list">
                    {m.POLICIES.map((p) => (
                      <PolicyRow key={p.ID} policy={p} mayManage={mayManage} onDone={finished} />
                    ))}
                  </ul>
                )}
              </div>
            ))}
            {mayManage ? (
              <CreateForm methods={page.SALES_METHODS} onDone={finished} />
            ) : (
              <p className="staff-hint">정책을 만들거나 끄는 일은 관리자(ADMIN)만 할 수 있어요.</p>
            )}
          </section>
        </>
      ) : error ? null : (
        <p role="status" className="console-empty">
          불러오는 중이에요…
        </p>
      )}
    </>
  );
}

/** /_app/admin/sales-policies — the sales methods and their policies (issue #18). */
export function SalesPolicies() {
  return (
    <ConsoleFrame title="판매 정책">
      <SalesPoliciesBody />
    </ConsoleFrame>
  );
}
