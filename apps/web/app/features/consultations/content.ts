/**
 * Texts of the consultation page that the operator may revise: the privacy notice the form must
 * show (개인정보 보호법 제15조 제2항: 수집·이용 목적, 수집 항목, 보유·이용 기간, 동의 거부 권리와
 * 불이익) and what happens after a request. The retention period matches the api
 * (RETENTION_MS: one year; older requests are deleted).
 */

export const PRIVACY_NOTICE = {
  title: "개인정보 수집·이용 동의 (필수)",
  rows: [
    {
      label: "수집 항목",
      value:
        "신청자 구분(학부모·학생), 이름, 학생 학년, 상담 과목, 휴대폰 번호, 희망 연락 시간, 문의 내용(선택), 광고 유입 정보(utm 값)",
    },
    {
      label: "이용 목적",
      value: "상담 신청 확인, 전화 상담과 무료 체험 수업 안내, 광고 유입 경로 분석",
    },
    {
      label: "보유 기간",
      value: "상담 신청일로부터 1년. 기간이 지나면 지체 없이 파기해요.",
    },
  ],
  refusal:
    "동의를 거부할 권리가 있어요. 다만 동의하지 않으면 상담을 신청할 수 없어요. 만 14세 미만 학생은 보호자가 신청해 주세요.",
  checkbox: "위 내용을 읽었고, 개인정보 수집·이용에 동의해요.",
} as const;

/** What happens after a request, in order. `{time}` is the chosen time slot. */
export const NEXT_STEPS = [
  "영업일 기준 하루 안에, 고르신 시간대인 {time}에 설탭 상담 선생님이 전화드려요.",
  "학년과 목표, 지금의 공부 습관을 여쭤보고 맞는 수업 방식을 안내해 드려요.",
  "원하시면 통화 중에 무료 체험 수업 날짜를 바로 잡아 드려요.",
] as const;

export const MISSED_CALL_NOTE = "전화를 받지 못하시면 다음 영업일에 한 번 더 연락드려요.";
