import { Link } from "react-router";
import {
  CONSULTATION_CTA,
  ENROLLMENT_CTA,
  MARKETING_NAV,
  PRODUCT_NAV,
} from "../../content/navigation";
import { RefundPolicySummary } from "../../content/refund-policy";
import { BUSINESS_INFO, SITE_NAME, SITE_TAGLINE } from "../../site";
import { useModalStore } from "../../stores/modal-store";
import {
  BUSINESS_INFO_TITLE,
  ISLAND,
  REFUND_POLICY_TITLE,
  TEMPLATE_ID,
} from "../../islands/markup";
import { Logo } from "./logo";

function BusinessInfoList() {
  return (
    <dl className="info-list">
      {BUSINESS_INFO.map((row) => (
        <div key={row.label} className="info-list__row">
          <dt>{row.label}</dt>
          <dd>{row.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** Opens the business information (alert) with a button to the refund policy (full, stacked). */
function BusinessInfoButton() {
  const openAlert = useModalStore((state) => state.openAlert);
  const openFull = useModalStore((state) => state.openFull);

  const showBusinessInfo = () => {
    void openAlert({
      title: BUSINESS_INFO_TITLE,
      message: (
        <>
          <BusinessInfoList />
          <button
            type="button"
            className="btn btn--secondary btn--block"
            onClick={() =>
              void openFull({ title: REFUND_POLICY_TITLE, content: <RefundPolicySummary /> })
            }
          >
            환불 규정 보기
          </button>
        </>
      ),
    });
  };

  return (
    <button type="button" className="site-footer__button" onClick={showBusinessInfo}>
      {BUSINESS_INFO_TITLE}
    </button>
  );
}

/**
 * The same button on a static page: the modals' content goes into the page as inert
 * `<template>`s, and app/islands/business-info.ts opens them as the same stacked modals.
 */
function StaticBusinessInfoButton() {
  return (
    <>
      <button type="button" className="site-footer__button" data-island={ISLAND.businessInfo}>
        {BUSINESS_INFO_TITLE}
      </button>
      <template id={TEMPLATE_ID.businessInfo}>
        <BusinessInfoList />
        <button
          type="button"
          className="btn btn--secondary btn--block"
          data-island={ISLAND.refundPolicy}
        >
          환불 규정 보기
        </button>
      </template>
      <template id={TEMPLATE_ID.refundPolicy}>
        <RefundPolicySummary />
      </template>
    </>
  );
}

/**
 * Footer of the marketing and product pages. `staticPage`: rendered for a static page (the
 * marketing layout), whose business-information button is wired up by the islands.
 */
export function SiteFooter({ staticPage = false }: { staticPage?: boolean }) {
  return (
    <footer className="site-footer">
      <div className="container site-footer__inner">
        <div className="site-footer__brand">
          <Logo className="logo logo--footer" />
          <p>{SITE_TAGLINE}</p>
        </div>
        <nav aria-label="사이트 메뉴" className="site-footer__nav">
          <div className="site-footer__group">
            <h2 className="site-footer__heading">수업 안내</h2>
            <ul className="site-footer__links">
              {MARKETING_NAV.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
              <li>
                <Link to={ENROLLMENT_CTA.to}>수강 신청</Link>
              </li>
            </ul>
          </div>
          <div className="site-footer__group">
            <h2 className="site-footer__heading">설탭 알아보기</h2>
            <ul className="site-footer__links">
              {PRODUCT_NAV.map((item) => (
                <li key={item.to}>
                  <Link to={item.to}>{item.label}</Link>
                </li>
              ))}
              <li>
                <Link to={CONSULTATION_CTA.to}>무료 상담 신청</Link>
              </li>
            </ul>
          </div>
        </nav>
        <div className="site-footer__meta">
          {staticPage ? <StaticBusinessInfoButton /> : <BusinessInfoButton />}
          <p>© {SITE_NAME}. 서울대 선생님과 함께하는 1:1 온라인 과외·태블릿 학습 서비스</p>
        </div>
      </div>
    </footer>
  );
}
