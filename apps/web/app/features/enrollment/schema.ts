/**
 * The enrollment form's values and rules (SPEC.md §3 "Enrollment (web form)"; SPEC.md §5 leaves
 * form validation open, these are ours). Choices are strings as inputs hold them; the contact
 * fields are checked on submit and on every change after it. Messages are Korean and say what
 * to do.
 */
import { normalizeMobile } from "@seoltab/domain";
import { z } from "zod";

export const enrollmentSchema = z.object({
  subject: z.string(),
  subjectId: z.string(),
  classType: z.string(),
  lectureId: z.string(),
  selectMonth: z.string(),
  ipadOption: z.string(),
  ipadGeneration: z.string(),
  ipadColor: z.string(),
  /** Headphones (issue #18): "" none, "buy:<id>" AirPods Max bought, "rent:<id>" rented. */
  headphone: z.string(),
  addressZip: z
    .string()
    .trim()
    .refine((v) => v === "" || /^\d{5}$/.test(v), "우편번호는 숫자 5자리예요. 예: 06236"),
  address: z
    .string()
    .trim()
    .min(1, "태블릿과 교재를 받을 주소를 검색하거나 입력해 주세요.")
    .max(200, "주소가 너무 길어요."),
  addressDetail: z.string().trim().max(100, "상세 주소가 너무 길어요."),
  addressBname: z.string(),
  parentName: z
    .string()
    .trim()
    .min(1, "학부모님 이름을 입력해 주세요.")
    .max(50, "이름이 너무 길어요."),
  parentPhoneNumber: z
    .string()
    .trim()
    .min(1, "학부모님 휴대폰 번호를 입력해 주세요.")
    .refine((v) => normalizeMobile(v) !== null, "휴대폰 번호를 확인해 주세요. 예: 010-1234-5678"),
  cbSeoltabPrivate: z.boolean().refine((v) => v, "개인정보 수집·이용에 동의해 주세요."),
  cbAgree: z.boolean().refine((v) => v, "수강 약관에 동의해 주세요."),
});

export type EnrollmentValues = z.infer<typeof enrollmentSchema>;
