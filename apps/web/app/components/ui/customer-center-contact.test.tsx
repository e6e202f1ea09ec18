import { render, screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { CUSTOMER_CENTER } from "../../site";
import { CustomerCenterContact } from "./customer-center-contact";

describe("CustomerCenterContact", () => {
  it("shows the number as a tel: link with the hours once it is set", () => {
    render(
      <CustomerCenterContact
        center={{ name: "설탭 고객센터", phone: "1600-0000", hours: "평일 10:00~19:00" }}
      />,
    );
    const link = screen.getByRole("link", { name: "1600-0000" });
    expect(link.getAttribute("href")).toBe("tel:16000000");
    expect(screen.getByTestId("customer-center").textContent).toBe(
      "설탭 고객센터 1600-0000 (평일 10:00~19:00)",
    );
  });

  it("without a number, offers the consultation form (none is made up)", () => {
    render(
      <CustomerCenterContact
        center={{ ...CUSTOMER_CENTER, phone: null }}
        consultationUrl="/consultation"
      />,
    );
    expect(screen.getByRole("link", { name: "상담 신청" }).getAttribute("href")).toBe(
      "/consultation",
    );
    expect(screen.getByTestId("customer-center").textContent).toBe(
      "설탭 고객센터: 상담 신청을 남겨 주시면 담당자가 연락드려요.",
    );
  });
});
