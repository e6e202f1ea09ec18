/**
 * Korean messages of family accounts and account links (issue 15). A refusal never answers 401
 * or 403 for a signed-in person's mistake: the web signs out on a REST 401/403 (SPEC.md §4), so
 * "not your child" is 404 and a wrong link password is 400.
 */
import { ACCOUNT_LINK_MESSAGES } from "@seoltab/domain/family-accounts";

export const FAMILY_MESSAGES = {
  parentsOnly: "보호자 계정으로 로그인해야 자녀 계정을 관리할 수 있어요.",
  studentsOnly: "학생 계정으로 로그인해야 보호자 연결 요청에 답할 수 있어요.",
  childNotFound: "자녀 정보를 찾을 수 없어요. 연결된 자녀인지 확인해 주세요.",
  studentNotFound: "그 이메일로 가입한 학생 계정을 찾을 수 없어요. 이메일을 확인해 주세요.",
  alreadyLinkedChild: "이미 연결된 자녀예요.",
  consentRequired:
    "만 14세 미만 자녀는 보호자 휴대폰 인증으로 개인정보 수집 동의를 받아야 만들 수 있어요. 휴대폰 인증을 해 주세요.",
  consentPhoneMismatch:
    "보호자 계정에 등록된 휴대폰 번호로 인증해 주세요. 다른 번호로는 동의할 수 없어요.",
  parentPhoneMissing:
    "보호자 계정에 인증된 휴대폰 번호가 없어요. 휴대폰 번호를 인증한 뒤 다시 시도해 주세요.",
  emailPasswordTogether: "이메일과 비밀번호는 함께 입력하거나 둘 다 비워 주세요.",
  gradeLevelMismatch: "학년이 학교급(중학교/고등학교)과 맞지 않아요.",
  underFourteenHigh:
    "만 14세 미만은 고등학교 학년을 선택할 수 없어요. 생년월일과 학년을 확인해 주세요.",
  noPhoneToConfirm:
    "학생 계정에 인증된 휴대폰 번호가 없어 확인 번호를 보낼 수 없어요. 학생이 휴대폰 인증을 마친 뒤 다시 요청해 주세요.",
  requestNotFound: "연결 요청을 찾을 수 없거나 이미 처리되었어요.",
  unlinkBlocked: (reasons: string) => `지금은 연결을 해제할 수 없어요. ${reasons}`,
  unlinkNeedsSignIn:
    "자녀가 혼자 로그인할 수 없는 계정이에요. 자녀의 이메일과 비밀번호를 먼저 설정해 주세요.",
  emailOnlyForParentManaged: "이메일은 보호자가 로그인을 돕는 자녀 계정에만 새로 설정할 수 있어요.",
  nothingToUpdate: "바꿀 내용을 입력해 주세요.",
  // Account links (SPEC.md §8 toasts first).
  linkLoginFailed: ACCOUNT_LINK_MESSAGES.loginFailed,
  linkFailed: ACCOUNT_LINK_MESSAGES.linkFailed,
  linkTicketInvalid: "계정 확인이 만료되었어요. 이메일과 비밀번호로 다시 확인해 주세요.",
  alreadyLinked: "이미 연동된 계정이에요. 연동을 해제한 뒤 다시 시도해 주세요.",
  otherAccountLinked: "그 계정은 이미 다른 설탭 계정과 연동되어 있어요.",
  termsRequired: "계정 연동에 필요한 약관에 모두 동의해 주세요.",
  termsUnknown: "약관 정보가 최신이 아니에요. 페이지를 새로 고친 뒤 다시 동의해 주세요.",
  notLinked: "연동된 계정이 없어요.",
  signInRequired: "설탭에 로그인한 뒤 연동해 주세요.",
} as const;
