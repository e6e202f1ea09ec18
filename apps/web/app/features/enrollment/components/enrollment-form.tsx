import { zodResolver } from "@hookform/resolvers/zod";
import {
  ENROLLMENT_FORM_DEFAULTS,
  TWELVE_MONTHS,
  lecturePrice,
  normalizeMobile,
} from "@seoltab/domain";
import { useEffect, useMemo, type ReactNode } from "react";
import { useForm, useWatch, type UseFormRegisterReturn } from "react-hook-form";
import { useSearchParams } from "react-router";
import { formatWon } from "../../../content/promotions";
import { useTaxonomy } from "../../../lib/taxonomy";
import { useRootStore, type EnrollmentForm as StoredEnrollment } from "../../../stores/root-store";
import { TextField } from "../../accounts/components/text-field";
import type { StoreItemsResponse } from "../api";
import {
  CLASS_TYPES,
  choiceOfItem,
  IPAD_OPTIONS,
  generationLabel,
  linkedSubject,
  priceLines,
  resolveSelection,
  schoolLevelLabel,
  subjectsInTaxonomyOrder,
  type ResolvedSelection,
} from "../catalog";
import { useCartStore, type CartItem } from "../cart-store";
import {
  headphoneCartFields,
  headphoneChoiceOfCart,
  headphoneOf,
  headphoneOptions,
} from "../headphones";
import { useHeadphoneRentals } from "../use-headphone-rentals";
import { enrollmentSchema, type EnrollmentValues } from "../schema";
import { useTabletStockText } from "../tablet-stock";
import { AddressFields } from "./address-fields";
import { ChoiceGroup } from "./choice-group";
import { PriceSummary } from "./price-summary";

/** Lessons of `units` units of an item whose sub title says "총 N회" (null when it does not). */
function lessonsOf(subtitle: string, units: number): number | null {
  const match = /총\s*(\d+)\s*회/.exec(subtitle);
  return match ? Number(match[1]) * units : null;
}

/** 01012345678 → 010-1234-5678 (as a person types it). */
function formatMobile(digits: string): string {
  return digits.replace(/^(\d{3})(\d{3,4})(\d{4})$/, "$1-$2-$3");
}

/** The form's starting values from the persisted enrollment slice (SPEC.md §3 defaults). */
function initialValues(stored: StoredEnrollment): EnrollmentValues {
  return {
    subject: stored.subject,
    subjectId: String(stored.subjectId ?? ENROLLMENT_FORM_DEFAULTS.subjectId),
    classType: stored.classType || ENROLLMENT_FORM_DEFAULTS.classType,
    lectureId: stored.subjectDetailId === null ? "" : String(stored.subjectDetailId),
    selectMonth: String(stored.selectMonth || ENROLLMENT_FORM_DEFAULTS.selectMonth),
    ipadOption: stored.ipadOption || ENROLLMENT_FORM_DEFAULTS.ipadOption,
    ipadGeneration: stored.ipadGeneration,
    ipadColor: stored.ipadColor,
    // Headphones live in the cart (issue #18): what was chosen before is chosen again.
    headphone: headphoneChoiceOfCart(useCartStore.getState()),
    addressZip: stored.addressZip,
    address: stored.address,
    addressDetail: stored.addressDetail,
    addressBname: stored.addressBname,
    parentName: stored.parentName,
    parentPhoneNumber: stored.parentPhoneNumber,
    cbSeoltabPrivate: stored.cbSeoltabPrivate,
    cbAgree: stored.cbAgree,
  };
}

/**
 * The starting values with a product chosen by the page's link (/guest_enrollment?item=22 from
 * a marketing page's button): its subject, class type, course and whole term, over the stored
 * choice. An id the catalog does not offer leaves the stored choice as it is. Without an item,
 * a subject the link names (`?subject=수학` from an AI diagnosis report) is chosen, with the
 * stored class type and months where that subject has them.
 */
function initialValuesWithItem(
  catalog: StoreItemsResponse,
  stored: StoredEnrollment,
  itemId: number | null,
  subject: string | null = null,
): EnrollmentValues {
  const values = initialValues(stored);
  const choice = itemId === null ? null : choiceOfItem(catalog, itemId);
  if (!choice) {
    return subject && subject !== values.subject
      ? { ...values, subject, subjectId: "", lectureId: "" }
      : values;
  }
  return {
    ...values,
    subject: choice.subject,
    classType: choice.classType,
    lectureId: String(choice.lectureId),
    selectMonth: String(choice.months),
  };
}

function selectionOf(catalog: StoreItemsResponse, values: EnrollmentValues): ResolvedSelection {
  return resolveSelection(catalog, {
    subject: values.subject,
    subjectId: Number(values.subjectId) || null,
    classType: values.classType,
    lectureId: Number(values.lectureId) || null,
    months: Number(values.selectMonth) || 0,
    ipadOption: values.ipadOption,
    generation: values.ipadGeneration,
    color: values.ipadColor,
  });
}

/** The form values that the resolved selection stands for. */
function resolvedValues(s: ResolvedSelection): Partial<EnrollmentValues> {
  return {
    subject: s.subject?.name ?? "",
    subjectId: s.lecture?.subjectId ? String(s.lecture.subjectId) : "",
    classType: s.classType,
    lectureId: s.lecture ? String(s.lecture.id) : "",
    selectMonth: s.lecture ? String(s.lecture.months * s.multiple) : "",
    ipadOption: s.ipadOption,
    ipadGeneration: s.generation,
    ipadColor: s.color,
  };
}

/** The cart (SPEC.md §3 cart store) for a valid form. */
function cartFor(
  catalog: StoreItemsResponse,
  s: ResolvedSelection,
  values: EnrollmentValues,
  studentUserNo: number | null,
) {
  const order = priceLines(catalog, s.lines);
  const lecture = s.lecture;
  const subjectName = s.subject?.name ?? "";
  const level = lecture ? schoolLevelLabel(lecture.school_level) : "";
  const detail = lecture ? [lecture.TTEOK_HAM_Title, level].filter(Boolean).join(" · ") : "";
  const policies = catalog.USER_SALES_METHOD_WITH_POLICIES.flatMap((m) => m.policies);
  const cartItems: CartItem[] = lecture
    ? [
        {
          id: lecture.id,
          subjectName,
          subjectDetail: detail,
          lessonType: lecture.item_type,
          shelflife: lecture.months * s.multiple,
          basePrice: lecture.basePrice,
          salePrice: lecture.salePrice,
          subjectNo: lecture.subjectId,
          productinfo: lecture.TTEOK_HAM_SubTitle1 ?? ENROLLMENT_FORM_DEFAULTS.TTEOK_HAM_SubTitle1,
          productcode: String(lecture.lecture_vt_No ?? lecture.id),
          productoption: `${lecture.months * s.multiple}개월`,
          lecture_multiple: s.multiple,
          contract_sales_policy: policies,
        },
      ]
    : [];
  return {
    packageType: s.device ? "LECTURE_DEVICE" : "LECTURE",
    tabletType: s.ipadOption,
    deviceType: s.device?.device_type ?? "",
    deviceNo: s.device?.id ?? null,
    deviceGen: s.device?.device_gen ?? "",
    deviceColor: s.device?.color ?? "",
    subjectName,
    subjectNo: s.lecture?.subjectId ?? null,
    subjectDetail: detail,
    address: values.address.trim(),
    addressDetail: values.addressDetail.trim(),
    bname2: values.addressBname,
    zipCode: values.addressZip.trim(),
    parentName: values.parentName.trim(),
    parentPhoneNumber: normalizeMobile(values.parentPhoneNumber) ?? values.parentPhoneNumber,
    classCount: 1,
    cartItems,
    policyActive: policies.length > 0,
    // The server decides the conversion (Cart_Price CONVERT_SALES_METHOD_NO, kept by the checkout).
    convertSalesMethodNo: null,
    duplicateArr: [],
    totalBasePrice: order?.lines.reduce((sum, l) => sum + l.basePrice, 0) ?? 0,
    totalPolicyPrice: order?.discountedValue ?? 0,
    totalSalePrice: order?.productsPrice ?? 0,
    paymentPrice: order?.paidPrice ?? 0,
    userPolicy: catalog.USER_SALES_METHOD_WITH_POLICIES,
    userActivePolicy: policies,
    studentUserNo,
  };
}

export interface EnrollmentFormProps {
  catalog: StoreItemsResponse;
  /** The student the order is for (kept in the cart), null for a guest. */
  studentUserNo: number | null;
  /** Label of the submit button. */
  submitLabel: string;
  /** A note under the submit button (e.g. "로그인 후 결제해요"). */
  submitNote?: ReactNode;
  /** Called after the cart was saved. */
  onCheckout: () => void;
  /**
   * A signed-in parent's own name and phone: fill 학부모 이름 and 휴대폰 when they are empty
   * (what the person typed or kept is never overwritten).
   */
  parentContact?: { name: string; phone: string | null } | null;
  /** A lecture item to start with (the `item` search parameter), over the stored choice. */
  initialItemId?: number | null;
}

/**
 * The enrollment form (SPEC.md §3 "Enrollment (web form)"): subject, class type (course when
 * there are several), months, tablet option with generation and colour, address, parent name
 * and phone, the two consents; the price of the current choice beside it (PriceSummary). Every
 * change is kept in the persisted enrollment slice; 결제하기 checks the form, saves the cart
 * (sessionStorage) and calls `onCheckout`.
 */
export function EnrollmentForm({
  catalog,
  studentUserNo,
  submitLabel,
  submitNote,
  onCheckout,
  parentContact,
  initialItemId = null,
}: EnrollmentFormProps) {
  const setEnrollment = useRootStore((state) => state.setEnrollment);
  const setCart = useCartStore((state) => state.setCart);
  const taxonomy = useTaxonomy();
  // How many tablets are left (seoltab_banner_info), told with the tablet choice.
  const tabletStock = useTabletStockText();
  // The subject a link names (the AI diagnosis report: ?subject=수학&from=ai_diagnosis).
  const [params] = useSearchParams();
  const subjectOfLink = linkedSubject(catalog.LECTURE_ITEMS, params.get("subject"));
  const fromDiagnosis = subjectOfLink !== null && params.get("from") === "ai_diagnosis";
  const {
    register,
    control,
    setValue,
    getValues,
    setFocus,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<EnrollmentValues>({
    resolver: zodResolver(enrollmentSchema),
    defaultValues: initialValuesWithItem(
      catalog,
      useRootStore.getState().enrollment,
      initialItemId,
      subjectOfLink,
    ),
    reValidateMode: "onChange",
  });
  const values = useWatch({ control }) as EnrollmentValues;
  const selection = useMemo(() => selectionOf(catalog, values), [catalog, values]);
  // AirPods Max bought or rented with the lessons (issue #18): a choice of their own.
  const rentals = useHeadphoneRentals(studentUserNo);
  const headphones = useMemo(
    () => headphoneOptions(catalog.RENT_DEVICES, rentals),
    [catalog.RENT_DEVICES, rentals],
  );
  const headphone = headphoneOf(headphones, values.headphone ?? "");
  const summarySelection = useMemo(
    () =>
      headphone?.kind === "buy"
        ? { ...selection, lines: [...selection.lines, { id: headphone.id, lecture_multiple: 1 }] }
        : selection,
    [selection, headphone],
  );

  // A choice that is not available (e.g. after changing subject) moves to what is shown.
  useEffect(() => {
    const wanted = resolvedValues(selection);
    for (const [key, value] of Object.entries(wanted) as [keyof EnrollmentValues, string][]) {
      if (values[key] !== value) setValue(key, value);
    }
  }, [selection, values, setValue]);

  // A signed-in parent's own contact fills the empty parent fields once it is known.
  const contactName = parentContact?.name ?? "";
  const contactPhone = parentContact?.phone ?? "";
  useEffect(() => {
    if (contactName && !getValues("parentName").trim()) setValue("parentName", contactName);
    if (contactPhone && !getValues("parentPhoneNumber").trim()) {
      setValue("parentPhoneNumber", formatMobile(contactPhone));
    }
  }, [contactName, contactPhone, getValues, setValue]);

  // Every change is kept (SPEC.md §3: the enrollment slice is persisted).
  useEffect(() => {
    const lecture = selection.lecture;
    const months = lecture ? lecture.months * selection.multiple : selection.multiple;
    const twelveMultiple = lecture ? TWELVE_MONTHS / lecture.months : 0;
    const offersTwelve = lecture !== null && Number.isInteger(twelveMultiple);
    const device = selection.device;
    const boughtTablet =
      device && device.price > 0 && device.device_type !== "AIR_PODS_MAX" ? device : null;
    setEnrollment({
      subject: selection.subject?.name ?? ENROLLMENT_FORM_DEFAULTS.subject,
      subjectId: lecture?.subjectId ?? null,
      subjectDetailId: lecture?.id ?? null,
      classType: selection.classType,
      // The lesson plan the chosen item teaches (lecture_vt_No) stands for the class type's id.
      classTypeId: lecture?.lecture_vt_No ?? null,
      oneMonthItem: lecture && lecture.months === 1 ? { ...lecture } : null,
      ipadOption: selection.ipadOption,
      selectMonth: months,
      ipadColor: selection.color,
      ipadGeneration: selection.generation,
      ipadNumber: device ? String(device.id) : "",
      addressZip: values.addressZip ?? "",
      address: values.address ?? "",
      addressDetail: values.addressDetail ?? "",
      addressBname: values.addressBname ?? "",
      // 참고항목: the building name the address search added in brackets, if any.
      references: /\(([^()]+)\)$/.exec(values.address ?? "")?.[1] ?? "",
      deviceRentFee: device?.price ?? null,
      parentName: values.parentName ?? "",
      parentPhoneNumber: values.parentPhoneNumber ?? "",
      // Lessons in the whole period: the item's "총 N회" per unit × units bought.
      maxClassNumber: lecture
        ? lessonsOf(lecture.TTEOK_HAM_SubTitle1 ?? "", selection.multiple)
        : null,
      basePrice: lecture?.basePrice ?? null,
      TTEOK_HAM_Price: lecture?.salePrice ?? null,
      // SPEC.md §5 (issue #18): monthly price × months (12 months: 5 % less); the device and
      // the discounts belong to the payment due, not to the total price.
      totalPrice: lecture ? lecturePrice(lecture.salePrice, months) : null,
      totalPrice12: offersTwelve ? lecturePrice(lecture.salePrice, TWELVE_MONTHS) : null,
      TTEOK_HAM_SubTitle1:
        lecture?.TTEOK_HAM_SubTitle1 ?? ENROLLMENT_FORM_DEFAULTS.TTEOK_HAM_SubTitle1,
      lectureItem: lecture ? { ...lecture } : null,
      // The tablet bought, by the list it comes from (SPEC.md §3 device lists): used, new at
      // list price, or new below it.
      usedIpad: boughtTablet?.used_type === "USED" ? { ...boughtTablet } : null,
      newIpad:
        boughtTablet?.used_type === "NEW" && boughtTablet.price >= boughtTablet.basePrice
          ? { ...boughtTablet }
          : null,
      newDiscountIpad:
        boughtTablet?.used_type === "NEW" && boughtTablet.price < boughtTablet.basePrice
          ? { ...boughtTablet }
          : null,
      cbSeoltabPrivate: values.cbSeoltabPrivate ?? true,
      cbAgree: values.cbAgree ?? true,
    });
  }, [catalog, selection, values, setEnrollment]);

  const onSubmit = handleSubmit((valid) => {
    const resolved = selectionOf(catalog, valid);
    const goods = headphoneCartFields(
      headphoneOf(headphones, valid.headphone),
      useCartStore.getState().goodsItems,
      rentals.map((r) => r.id),
    );
    setCart({ ...cartFor(catalog, resolved, valid, studentUserNo), ...goods });
    onCheckout();
  });

  if (selection.subjects.length === 0) {
    return (
      <div className="app-panel" role="status">
        <h2>지금은 신청할 수 있는 수업이 없어요</h2>
        <p>잠시 후 다시 확인하거나 상담을 신청해 주세요.</p>
      </div>
    );
  }

  const { lecture } = selection;
  return (
    <form className="enr-layout" noValidate onSubmit={onSubmit} aria-label="수강 신청서">
      <div className="enr-fields">
        <ChoiceGroup
          legend="과목"
          name="subject"
          columns={4}
          registration={register("subject")}
          choices={subjectsInTaxonomyOrder(selection.subjects, taxonomy).map((s) => ({
            value: s.name,
            label: s.name,
          }))}
        />
        {fromDiagnosis && initialItemId === null ? (
          <p className="form-field__hint" data-testid="enrollment-from-diagnosis">
            AI 학습 진단 결과에 맞춰 {subjectOfLink} 과목을 골라 두었어요. 다른 과목으로 바꿀 수도
            있어요.
          </p>
        ) : null}
        <ChoiceGroup
          legend="수업 유형"
          name="classType"
          registration={register("classType")}
          choices={(Object.keys(CLASS_TYPES) as (keyof typeof CLASS_TYPES)[])
            // The winter course is a subject of its own with its own type: shown only for it.
            .filter((type) =>
              selection.classTypes.includes("winter") ? type === "winter" : type !== "winter",
            )
            .map((type) => ({
              value: type,
              label: CLASS_TYPES[type].label,
              hint: selection.classTypes.includes(type)
                ? CLASS_TYPES[type].hint
                : "이 과목에는 없는 수업이에요.",
              disabled: !selection.classTypes.includes(type),
            }))}
        />
        {selection.lectures.length > 1 ? (
          <ChoiceGroup
            legend="과정"
            name="lectureId"
            registration={register("lectureId")}
            choices={selection.lectures.map((l) => ({
              value: String(l.id),
              label: l.TTEOK_HAM_Title,
              hint: [l.TTEOK_HAM_SubTitle1, lecturePriceHint(catalog, l)]
                .filter(Boolean)
                .join(" · "),
            }))}
          />
        ) : null}
        {lecture ? (
          <ChoiceGroup
            legend="수강 기간"
            name="selectMonth"
            columns={4}
            description={
              lecture.TTEOK_HAM_SubTitle1 ?? ENROLLMENT_FORM_DEFAULTS.TTEOK_HAM_SubTitle1
            }
            registration={register("selectMonth")}
            choices={selection.multiples.map((m) => {
              const months = lecture.months * m;
              return {
                value: String(months),
                label: `${months}개월`,
                badge: months === 12 ? "5% 할인" : undefined,
              };
            })}
          />
        ) : null}
        <ChoiceGroup
          legend="태블릿"
          name="ipadOption"
          columns={3}
          description={tabletStock ?? undefined}
          registration={register("ipadOption")}
          choices={(Object.keys(IPAD_OPTIONS) as (keyof typeof IPAD_OPTIONS)[]).map((o) => ({
            value: o,
            label: IPAD_OPTIONS[o].label,
            hint: selection.ipadOptions.includes(o)
              ? IPAD_OPTIONS[o].hint
              : "지금은 준비된 제품이 없어요.",
            disabled: !selection.ipadOptions.includes(o),
          }))}
        />
        {selection.generations.length > 1 ||
        (selection.generations.length === 1 && selection.generations[0]) ? (
          <ChoiceGroup
            legend="태블릿 세대"
            name="ipadGeneration"
            columns={3}
            registration={register("ipadGeneration")}
            choices={selection.generations.map((g) => ({
              value: g,
              label: generationLabel(g) || "기본",
            }))}
          />
        ) : null}
        {selection.colors.length > 1 || (selection.colors.length === 1 && selection.colors[0]) ? (
          <ChoiceGroup
            legend="태블릿 색상"
            name="ipadColor"
            columns={3}
            registration={register("ipadColor")}
            choices={selection.colors.map((c) => ({ value: c, label: c || "기본" }))}
          />
        ) : null}
        {headphones.length > 0 ? (
          <ChoiceGroup
            legend="헤드폰"
            name="headphone"
            columns={3}
            description="수업 소리를 또렷하게 듣는 AirPods Max를 사거나 빌릴 수 있어요."
            registration={register("headphone")}
            choices={[
              { value: "", label: "필요 없어요", hint: "가지고 있는 이어폰으로 수업해요." },
              ...headphones.map((h) => ({ value: h.value, label: h.label, hint: h.hint })),
            ]}
          />
        ) : null}
        <AddressFields
          register={register}
          setValue={setValue}
          setFocus={setFocus}
          errors={errors}
        />
        <fieldset className="panel">
          <legend className="enr-group__legend">학부모 정보</legend>
          <p className="enr-group__description">결제와 수업 안내를 학부모님께 보내 드려요.</p>
          <TextField
            label="학부모 이름"
            autoComplete="name"
            registration={register("parentName")}
            error={errors.parentName?.message}
          />
          <TextField
            label="학부모 휴대폰 번호"
            type="tel"
            inputMode="tel"
            autoComplete="tel"
            placeholder="010-1234-5678"
            registration={register("parentPhoneNumber")}
            error={errors.parentPhoneNumber?.message}
          />
        </fieldset>
        <fieldset className="panel">
          <legend className="enr-group__legend">동의</legend>
          <Consent
            label="[필수] 개인정보 수집·이용에 동의해요."
            registration={register("cbSeoltabPrivate")}
            error={errors.cbSeoltabPrivate?.message}
          />
          <Consent
            label="[필수] 설탭 수강 약관과 환불 규정에 동의해요."
            registration={register("cbAgree")}
            error={errors.cbAgree?.message}
          />
        </fieldset>
      </div>
      <aside className="enr-aside">
        <PriceSummary catalog={catalog} selection={summarySelection} headphone={headphone} />
        <button
          type="submit"
          className="btn btn--primary btn--lg btn--block"
          disabled={isSubmitting || !lecture}
        >
          {submitLabel}
        </button>
        {submitNote ? <p className="enr-aside__note">{submitNote}</p> : null}
      </aside>
    </form>
  );
}

/**
 * "월 189,000원" for a lecture bought by the month; "8주 398,000원" style for a course bought once
 * for its whole term (allowed_multiples [1]): what checkout charges for it.
 */
function lecturePriceHint(catalog: StoreItemsResponse, lecture: ResolvedSelection["lecture"]) {
  if (!lecture) return "";
  const allowed = lecture.allowed_multiples ?? [];
  const once = allowed.length === 1 && allowed[0] === 1;
  if (!once || lecture.months === 1) return `월 ${formatWon(lecture.salePrice)}`;
  const order = priceLines(catalog, [{ id: lecture.id, lecture_multiple: 1 }]);
  return order ? `${lecture.months}개월 ${formatWon(order.paidPrice)}` : "";
}

function Consent({
  label,
  registration,
  error,
}: {
  label: string;
  registration: UseFormRegisterReturn;
  error?: string;
}) {
  const errorId = `${registration.name}-error`;
  return (
    <div className="enr-consent">
      <label className="enr-consent__label">
        <input
          type="checkbox"
          className="enr-consent__input"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          {...registration}
        />
        <span>{label}</span>
      </label>
      {error ? (
        <p id={errorId} className="form-field__error">
          {error}
        </p>
      ) : null}
    </div>
  );
}
