/**
 * The signing form (docs/api/contracts.md SignContractInput): the signer's name as the
 * signature, 1-50 characters after trimming, no control characters (the server's rule), and the
 * agreement, which must be given.
 */
import { z } from "zod";

export const SIGNER_NAME_MAX = 50;

export const SIGNER_NAME_REQUIRED = "서명할 이름을 입력해 주세요.";
export const SIGNER_NAME_TOO_LONG = `이름은 ${SIGNER_NAME_MAX}자까지 입력할 수 있어요.`;
export const SIGNER_NAME_INVALID = "이름에 쓸 수 없는 문자가 있어요.";
export const AGREEMENT_REQUIRED = "계약서 내용에 동의해야 서명할 수 있어요.";

// eslint-disable-next-line no-control-regex
const CONTROL = /[\u0000-\u001f\u007f-\u009f]/;

export const signContractSchema = z.object({
  signerName: z
    .string()
    .refine((v) => !CONTROL.test(v), SIGNER_NAME_INVALID)
    .transform((v) => v.trim().replace(/\s+/g, " "))
    .pipe(z.string().min(1, SIGNER_NAME_REQUIRED).max(SIGNER_NAME_MAX, SIGNER_NAME_TOO_LONG)),
  agreed: z.boolean().refine((v) => v, AGREEMENT_REQUIRED),
});

export type SignContractFormInput = z.input<typeof signContractSchema>;
export type SignContractValues = z.output<typeof signContractSchema>;
