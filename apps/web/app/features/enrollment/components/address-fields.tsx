import { useEffect, useRef, useState } from "react";
import type {
  FieldErrors,
  UseFormRegister,
  UseFormSetFocus,
  UseFormSetValue,
} from "react-hook-form";
import { TextField } from "../../accounts/components/text-field";
import { addressOf, loadPostcode, type PostcodeResult } from "../postcode";
import type { EnrollmentValues } from "../schema";

type SearchState = "idle" | "loading" | "open" | "unavailable";

/**
 * Where the tablet and books go: 주소 검색 opens the Kakao Postcode search inside the page
 * (loaded on first use); choosing an address fills 우편번호 and 주소 and moves focus to 상세 주소.
 * The fields stay editable, so when the search cannot load (offline, blocked) the person types
 * the address instead, and is told so.
 */
export function AddressFields({
  register,
  setValue,
  setFocus,
  errors,
}: {
  register: UseFormRegister<EnrollmentValues>;
  setValue: UseFormSetValue<EnrollmentValues>;
  setFocus: UseFormSetFocus<EnrollmentValues>;
  errors: FieldErrors<EnrollmentValues>;
}) {
  const [state, setState] = useState<SearchState>("idle");
  const layerRef = useRef<HTMLDivElement>(null);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const close = () => {
    layerRef.current?.replaceChildren();
    setState("idle");
  };

  const open = () => {
    setState("loading");
    loadPostcode().then(
      (Postcode) => {
        const layer = layerRef.current;
        if (!mounted.current || !layer) return;
        setState("open");
        new Postcode({
          width: "100%",
          height: "100%",
          oncomplete: (data: PostcodeResult) => {
            const options = { shouldDirty: true, shouldValidate: true } as const;
            setValue("addressZip", data.zonecode, options);
            setValue("address", addressOf(data), options);
            setValue("addressBname", data.bname ?? "", { shouldDirty: true });
            close();
            setFocus("addressDetail");
          },
        }).embed(layer, { autoClose: false });
      },
      () => {
        if (mounted.current) setState("unavailable");
      },
    );
  };

  return (
    <fieldset className="panel">
      <legend className="enr-group__legend">받는 곳</legend>
      <p className="enr-group__description">태블릿과 교재를 보내 드릴 주소예요.</p>
      <div className="enr-address__search">
        <button
          type="button"
          className="btn btn--secondary"
          aria-expanded={state === "open"}
          aria-controls="enr-postcode-layer"
          disabled={state === "loading"}
          onClick={state === "open" ? close : open}
        >
          {state === "open" ? "주소 검색 닫기" : state === "loading" ? "불러오는 중…" : "주소 검색"}
        </button>
      </div>
      {state === "unavailable" ? (
        <p className="form-alert form-alert--info" role="status">
          주소 검색을 불러오지 못했어요. 아래 칸에 주소를 직접 입력해 주세요.
        </p>
      ) : null}
      <div
        id="enr-postcode-layer"
        ref={layerRef}
        className="enr-postcode"
        hidden={state !== "open"}
        aria-label="주소 검색"
        role="region"
      />
      <TextField
        label="우편번호"
        optional
        inputMode="numeric"
        autoComplete="postal-code"
        maxLength={5}
        registration={register("addressZip")}
        error={errors.addressZip?.message}
      />
      <TextField
        label="주소"
        autoComplete="address-line1"
        placeholder="예: 서울특별시 강남구 테헤란로 123"
        registration={register("address")}
        error={errors.address?.message}
      />
      <TextField
        label="상세 주소"
        optional
        autoComplete="address-line2"
        placeholder="동, 호수 등"
        registration={register("addressDetail")}
        error={errors.addressDetail?.message}
      />
    </fieldset>
  );
}
