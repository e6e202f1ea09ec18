import type { CardType } from "@seoltab/domain";
import type { FieldErrors, UseFormRegister } from "react-hook-form";
import { TextField } from "../../accounts/components/text-field";
import { expiryYears, isCompanyCard, type CardValues } from "../card-schema";
import { CARD_TYPE_LABELS } from "../format";
import { SelectField } from "./select-field";

/** Personal cards first: most people pay with one. */
const CARD_TYPE_ORDER: readonly CardType[] = [
  "CREDIT_CARD",
  "DEBIT_CARD",
  "COMPANY_CREDIT_CARD",
  "COMPANY_DEBIT_CARD",
];

const MONTHS = Array.from({ length: 12 }, (_, i) => {
  const m = String(i + 1).padStart(2, "0");
  return { value: m, label: `${m}월` };
});

/**
 * The card fields (카드 종류, 카드 번호, 유효기간 월/연도, 생년월일 or 사업자등록번호, 비밀번호 앞
 * 2자리) of the billing-card form and the one-time card payment. Autocomplete hints let the
 * browser fill a saved card; the web app never stores what is typed here.
 */
export function CardFields({
  register,
  errors,
  cardType,
  now,
  idPrefix,
}: {
  register: UseFormRegister<CardValues>;
  errors: FieldErrors<CardValues>;
  cardType: CardValues["cardType"];
  now: Date;
  idPrefix: string;
}) {
  const company = isCompanyCard(cardType);
  return (
    <div className="pay-card-fields" id={`${idPrefix}-card-fields`}>
      <SelectField
        label="카드 종류"
        registration={register("cardType")}
        options={CARD_TYPE_ORDER.map((t) => ({ value: t, label: CARD_TYPE_LABELS[t] }))}
        error={errors.cardType?.message}
      />
      <TextField
        label="카드 번호"
        inputMode="numeric"
        autoComplete="cc-number"
        maxLength={23}
        placeholder="숫자만 입력"
        registration={register("cardNumber")}
        error={errors.cardNumber?.message}
      />
      <fieldset className="pay-card-fields__expiry">
        <legend className="form-field__label">유효기간</legend>
        <div className="pay-card-fields__row">
          <SelectField
            label={
              <>
                <span className="visually-hidden">유효기간 </span>월
              </>
            }
            autoComplete="cc-exp-month"
            placeholder="월"
            registration={register("expiryMonth")}
            options={MONTHS}
            error={errors.expiryMonth?.message}
          />
          <SelectField
            label={
              <>
                <span className="visually-hidden">유효기간 </span>연도
              </>
            }
            autoComplete="cc-exp-year"
            placeholder="연도"
            registration={register("expiryYear")}
            options={expiryYears(now).map((y) => ({ value: y, label: `${y}년` }))}
            error={errors.expiryYear?.message}
          />
        </div>
      </fieldset>
      <div className="pay-card-fields__row">
        <TextField
          label={company ? "사업자등록번호" : "생년월일 6자리"}
          inputMode="numeric"
          autoComplete="off"
          maxLength={company ? 12 : 6}
          placeholder={company ? "숫자 10자리" : "예: 080101"}
          registration={register("birth")}
          error={errors.birth?.message}
        />
        <TextField
          label="비밀번호 앞 2자리"
          type="password"
          inputMode="numeric"
          autoComplete="off"
          maxLength={2}
          registration={register("pwd2digit")}
          error={errors.pwd2digit?.message}
        />
      </div>
    </div>
  );
}
