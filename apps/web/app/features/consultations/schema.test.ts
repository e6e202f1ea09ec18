import { afterEach, describe, expect, it } from "vitest";
import {
  cleanUtm,
  EMPTY_FORM,
  fieldOfWireName,
  firstInvalidField,
  MESSAGES,
  toPayload,
  validateConsultationForm,
  type ConsultationFormValues,
} from "./schema";
import { readSessionUtm } from "./session-utm";

const FILLED: ConsultationFormValues = {
  applicantType: "PARENT",
  name: " 김서연 ",
  grade: "MIDDLE_2",
  subject: "수학",
  phone: "010-1234-5678",
  preferredTime: "WEEKDAY_EVENING",
  preferredTimeNote: "  화·목 저녁 7시 이후 ",
  memo: "",
  privacyAgreed: true,
};
const VERIFIED = { phone: "01012345678", token: "v".repeat(43) };

describe("validateConsultationForm", () => {
  it("a complete form with a verified phone has no errors", () => {
    expect(validateConsultationForm(FILLED, VERIFIED)).toEqual({});
  });

  it("an empty form: one Korean message per required field, the applicant type first", () => {
    const errors = validateConsultationForm(EMPTY_FORM, null);
    expect(errors).toEqual({
      applicantType: MESSAGES.applicantType,
      name: MESSAGES.nameRequired,
      grade: MESSAGES.grade,
      subject: MESSAGES.subject,
      phone: MESSAGES.phoneRequired,
      preferredTime: MESSAGES.preferredTime,
      privacyAgreed: MESSAGES.privacy,
    });
    expect(firstInvalidField(errors)).toBe("applicantType");
  });

  it.each([
    ["name", { name: "가".repeat(51) }, MESSAGES.nameTooLong],
    ["name", { name: "<b>x</b>" }, MESSAGES.namePattern],
    ["phone", { phone: "02-123-4567" }, MESSAGES.phonePattern],
    ["preferredTimeNote", { preferredTimeNote: "가".repeat(201) }, MESSAGES.preferredTimeNote],
    ["memo", { memo: "가".repeat(501) }, MESSAGES.memo],
    ["grade", { applicantType: "STUDENT", grade: "ELEMENTARY_4" }, MESSAGES.guardianRequired],
  ] as const)("%s: %j → its message", (field, change, message) => {
    const errors = validateConsultationForm({ ...FILLED, ...change }, VERIFIED);
    expect(errors[field]).toBe(message);
  });

  it("the phone must be verified, and verified for the number in the field", () => {
    expect(validateConsultationForm(FILLED, null).verification).toBe(MESSAGES.verification);
    expect(
      validateConsultationForm({ ...FILLED, phone: "010-9999-0000" }, VERIFIED).verification,
    ).toBe(MESSAGES.verification);
    expect(validateConsultationForm({ ...FILLED, phone: "01012345678" }, VERIFIED)).toEqual({});
  });

  it("the longest allowed texts pass", () => {
    const long = {
      ...FILLED,
      name: "가".repeat(50),
      memo: "나".repeat(500),
      preferredTimeNote: "다".repeat(200),
    };
    expect(validateConsultationForm(long, VERIFIED)).toEqual({});
  });
});

describe("toPayload", () => {
  it("trims texts, leaves out empty optional fields, sends the verified phone and utm", () => {
    expect(toPayload(FILLED, VERIFIED, { utm_source: "naver", utm_campaign: "winter" })).toEqual({
      APPLICANT_TYPE: "PARENT",
      NAME: "김서연",
      GRADE: "MIDDLE_2",
      SUBJECT: "수학",
      PHONE_NUM: "01012345678",
      VERIFICATION_TOKEN: "v".repeat(43),
      PREFERRED_TIME: "WEEKDAY_EVENING",
      PREFERRED_TIME_NOTE: "화·목 저녁 7시 이후",
      PRIVACY_AGREED: true,
      UTM: { utm_source: "naver", utm_campaign: "winter" },
    });
  });
});

describe("utm values", () => {
  afterEach(() => {
    window.history.replaceState(null, "", "/");
  });

  it("cleanUtm keeps the five keys as trimmed strings of at most 200 characters", () => {
    expect(
      cleanUtm({
        utm_source: "  naver ",
        utm_medium: "",
        utm_term: "t".repeat(250),
        utm_content: 5,
        utm_id: "x",
        utm_campaign: "a\u0000b",
      }),
    ).toEqual({ utm_source: "naver", utm_term: "t".repeat(200), utm_campaign: "ab" });
  });

  it("reads the session's stored values first (first values win)", () => {
    sessionStorage.setItem(
      "utmValues",
      JSON.stringify({ utm_source: "naver", utm_campaign: "winter" }),
    );
    expect(readSessionUtm("?utm_source=google")).toEqual({
      utm_campaign: "winter",
      utm_source: "naver",
    });
  });

  it("without stored values (or unreadable ones) uses the page query", () => {
    expect(readSessionUtm("?utm_source=kakao&utm_medium=cpc&x=1")).toEqual({
      utm_medium: "cpc",
      utm_source: "kakao",
    });
    sessionStorage.setItem("utmValues", "{not json");
    expect(readSessionUtm("?utm_term=%EC%88%98%ED%95%99")).toEqual({ utm_term: "수학" });
    expect(readSessionUtm("")).toEqual({});
  });
});

describe("fieldOfWireName", () => {
  it("maps the api's field names to the form's", () => {
    expect(fieldOfWireName("PHONE_NUM")).toBe("phone");
    expect(fieldOfWireName("VERIFICATION_TOKEN")).toBe("verification");
    expect(fieldOfWireName("PRIVACY_AGREED")).toBe("privacyAgreed");
    expect(fieldOfWireName("UTM.utm_source")).toBeNull();
  });
});
