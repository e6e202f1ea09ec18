/**
 * Card fields of the billing-card registration and the one-time card payment (docs/api/payments.md:
 * cardNumber digits, expiry YYYY-MM, birth YYMMDD or a 10-digit business number for company
 * cards, pwd2digit, cardType). Checked in the browser so an obvious slip never reaches the
 * gateway; the gateway decides the rest (F112). The card number rule (15-16 digits, Luhn) is the
 * server's own (`cardNumberSchema` of @seoltab/domain). `now` is a parameter (the expiry check).
 */
import { CARD_TYPES, cardNumberDigits, cardNumberSchema, type CardType } from "@seoltab/domain";
import { z } from "zod";

export interface CardValues {
  cardNumber: string;
  expiryMonth: string;
  expiryYear: string;
  birth: string;
  pwd2digit: string;
  cardType: CardType;
}

export const EMPTY_CARD: CardValues = {
  cardNumber: "",
  expiryMonth: "",
  expiryYear: "",
  birth: "",
  pwd2digit: "",
  cardType: "CREDIT_CARD",
};

/** Digits of a card number typed with spaces or dashes. */
export function cardDigits(value: string): string {
  return cardNumberDigits(value);
}

export function isCompanyCard(type: CardType): boolean {
  return type === "COMPANY_CREDIT_CARD" || type === "COMPANY_DEBIT_CARD";
}

/** "YYYY-MM" of the chosen expiry. */
export function expiryOf(values: Pick<CardValues, "expiryMonth" | "expiryYear">): string {
  return `${values.expiryYear}-${values.expiryMonth}`;
}

/** The years the expiry select offers: this year and the next 15. */
export function expiryYears(now: Date): string[] {
  const year = now.getFullYear();
  return Array.from({ length: 16 }, (_, i) => String(year + i));
}

export function cardSchema(now: Date) {
  return z
    .object({
      // Checked as the server checks it; the form keeps what was typed (spaces, dashes).
      cardNumber: z.string().superRefine((value, ctx) => {
        const result = cardNumberSchema.safeParse(value);
        if (!result.success) {
          ctx.addIssue({
            code: "custom",
            message: result.error.issues[0]?.message ?? "카드 번호를 확인해 주세요.",
          });
        }
      }),
      expiryMonth: z.string().regex(/^(0[1-9]|1[0-2])$/, "유효기간 월을 골라 주세요."),
      expiryYear: z.string().regex(/^\d{4}$/, "유효기간 연도를 골라 주세요."),
      birth: z
        .string()
        .trim()
        .refine(
          (v) => /^(\d{6}|\d{10})$/.test(v.replace(/-/g, "")),
          "생년월일 6자리를 입력해 주세요. 법인카드는 사업자등록번호 10자리예요.",
        ),
      pwd2digit: z.string().regex(/^\d{2}$/, "카드 비밀번호 앞 2자리를 입력해 주세요."),
      cardType: z.enum(CARD_TYPES),
    })
    .superRefine((values, ctx) => {
      if (isCompanyCard(values.cardType)) {
        if (!/^\d{10}$/.test(values.birth.replace(/-/g, ""))) {
          ctx.addIssue({
            code: "custom",
            path: ["birth"],
            message: "사업자등록번호 10자리를 입력해 주세요.",
          });
        }
      } else if (!/^\d{6}$/.test(values.birth)) {
        ctx.addIssue({
          code: "custom",
          path: ["birth"],
          message: "카드 주인의 생년월일 6자리를 입력해 주세요. 예: 080101",
        });
      }
      const month = Number(values.expiryMonth);
      const year = Number(values.expiryYear);
      const thisMonth = now.getFullYear() * 12 + now.getMonth();
      if (month && year && year * 12 + (month - 1) < thisMonth) {
        ctx.addIssue({
          code: "custom",
          path: ["expiryMonth"],
          message: "유효기간이 지난 카드예요. 카드에 적힌 유효기간을 확인해 주세요.",
        });
      }
    });
}

/** The `birth` value sent: digits only. */
export function birthOf(values: Pick<CardValues, "birth">): string {
  return values.birth.replace(/-/g, "").trim();
}
