import { ApolloProvider } from "@apollo/client/react";
import { render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import type { ReactNode } from "react";
import { createRoutesStub, useLocation } from "react-router";
import { toast } from "react-toastify";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { createGraphqlClient } from "../../../lib/graphql-client";
import { useRootStore, type UserType } from "../../../stores/root-store";
import { signInWithAccessToken } from "../../../test/auth";
import { mockFetch } from "../../../test/fetch-mock";
import { graphqlByOperation, graphqlError } from "../../payments/test/render";
import type { MessageConsent, OutboxMessage } from "../api";
import { MessageConsents } from "./message-consents";
import { StaffOutbox } from "./staff-outbox";

beforeEach(() => {
  vi.spyOn(toast, "success");
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  sessionStorage.clear();
  useRootStore.getState().reset();
});

function Where() {
  const location = useLocation();
  return <p data-testid="where">{location.search}</p>;
}

/** Renders `ui` at `entry` (path and query) with a real GraphQL client and a router. */
function renderAt(ui: ReactNode, path: string, entry: string = path) {
  sessionStorage.setItem("accessToken", "test-token");
  const client = createGraphqlClient({ onRefreshFailed: () => undefined });
  const Stub = createRoutesStub([
    {
      path,
      Component: () => (
        <ApolloProvider client={client}>
          {ui}
          <Where />
        </ApolloProvider>
      ),
    },
  ]);
  return render(<Stub initialEntries={[entry]} />);
}

function signInAs(userType: UserType) {
  signInWithAccessToken(userType, { USER_NAME: "운영팀" });
}

const consent = (c: Partial<MessageConsent> & Pick<MessageConsent, "kind">) => ({
  __typename: "MessageConsent",
  granted: false,
  at: null,
  needsReconfirm: false,
  ...c,
});

const NONE = [
  consent({ kind: "MARKETING_SMS" }),
  consent({ kind: "MARKETING_EMAIL", granted: true, at: "2026-11-20T16:30:00.000Z" }),
  consent({ kind: "MARKETING_PUSH" }),
  consent({ kind: "NIGHT", at: "2026-11-01T00:00:00.000Z" }),
];

describe("알림 수신 설정 (the profile)", () => {
  it("says informational messages always arrive, shows each choice with its Seoul date, and saves a switch at once with a toast", async () => {
    const sent: Record<string, unknown>[] = [];
    const { callsTo } = mockFetch({
      "POST /matching/graphql": graphqlByOperation({
        MessageConsents: () => ({ messageConsents: NONE }),
        SetMessageConsent: (variables) => {
          sent.push(variables);
          return {
            setMessageConsent: NONE.map((c) =>
              c.kind === "MARKETING_SMS"
                ? { ...c, granted: true, at: "2026-11-24T10:00:00.000Z" }
                : c,
            ),
          };
        },
      }),
    });
    const user = userEvent.setup();
    renderAt(<MessageConsents userType="STUDENT" />, "/_app/profile");

    expect(screen.getByText(/결제·수업 안내.*항상\s*보내 드려요/)).toBeTruthy();
    const sms = await screen.findByRole("switch", { name: /광고성 문자/ });
    expect((sms as HTMLInputElement).checked).toBe(false);
    const email = screen.getByRole("switch", { name: /광고성 이메일/ });
    expect((email as HTMLInputElement).checked).toBe(true);
    // 2026-11-20T16:30Z is 11월 21일 in Seoul.
    expect(
      within(screen.getByTestId("consent-MARKETING_EMAIL")).getByText(
        "2026년 11월 21일에 동의했어요.",
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId("consent-NIGHT")).getByText(
        "2026년 11월 1일에 받지 않기로 했어요.",
      ),
    ).toBeTruthy();
    expect(
      within(screen.getByTestId("consent-MARKETING_SMS")).getByText("아직 선택하지 않았어요."),
    ).toBeTruthy();
    expect(screen.getByRole("switch", { name: /앱 푸시 광고/ })).toBeTruthy();
    expect(screen.getByRole("switch", { name: /야간\(21시~8시\) 광고 수신/ })).toBeTruthy();

    await user.click(sms);
    await waitFor(() => expect((sms as HTMLInputElement).checked).toBe(true));
    expect(sent).toEqual([{ kind: "MARKETING_SMS", granted: true }]);
    expect(toast.success).toHaveBeenCalledWith("광고성 문자 수신에 동의했어요.");
    expect(
      within(screen.getByTestId("consent-MARKETING_SMS")).getByText(
        "2026년 11월 24일에 동의했어요.",
      ),
    ).toBeTruthy();
    expect(callsTo("/matching/graphql").length).toBe(2);
  });

  it("a tutor's choices go to /workspace/graphql; a consent older than 2 years asks again and 계속 받기 grants it", async () => {
    const sent: Record<string, unknown>[] = [];
    const old = [
      consent({ kind: "MARKETING_SMS", at: "2024-10-01T00:00:00.000Z", needsReconfirm: true }),
      ...NONE.slice(1),
    ];
    const { callsTo } = mockFetch({
      "POST /workspace/graphql": graphqlByOperation({
        MessageConsents: () => ({ messageConsents: old }),
        SetMessageConsent: (variables) => {
          sent.push(variables);
          return {
            setMessageConsent: old.map((c) =>
              c.kind === "MARKETING_SMS"
                ? { ...c, granted: true, needsReconfirm: false, at: "2026-11-24T10:00:00.000Z" }
                : c,
            ),
          };
        },
      }),
    });
    const user = userEvent.setup();
    renderAt(<MessageConsents userType="TEACHER" />, "/_app/profile");

    const row = await screen.findByTestId("consent-MARKETING_SMS");
    expect(within(row).getByText("동의한 지 2년이 지나 다시 확인이 필요해요.")).toBeTruthy();
    await user.click(within(row).getByRole("button", { name: "계속 받기" }));
    await waitFor(() => expect(within(row).queryByTestId("consent-reconfirm")).toBeNull());
    expect(sent).toEqual([{ kind: "MARKETING_SMS", granted: true }]);
    expect((within(row).getByRole("switch") as HTMLInputElement).checked).toBe(true);
    expect(callsTo("/workspace/graphql").length).toBe(2);
    expect(callsTo("/matching/graphql").length).toBe(0);
  });

  it("a failed save says the server's message in place, keeps the switch where it was, and 다시 시도 saves it", async () => {
    let fail = true;
    mockFetch({
      "POST /matching/graphql": graphqlByOperation({
        MessageConsents: () => ({ messageConsents: NONE }),
        SetMessageConsent: () => {
          if (fail) {
            fail = false;
            return graphqlError("잠시 후 다시 시도해 주세요.", { code: "internal" });
          }
          return {
            setMessageConsent: NONE.map((c) =>
              c.kind === "MARKETING_EMAIL"
                ? { ...c, granted: false, at: "2026-11-24T10:00:00.000Z" }
                : c,
            ),
          };
        },
      }),
    });
    const user = userEvent.setup();
    renderAt(<MessageConsents userType="PARENT" />, "/_app/profile");

    const email = await screen.findByRole("switch", { name: /광고성 이메일/ });
    await user.click(email);
    const row = screen.getByTestId("consent-MARKETING_EMAIL");
    const alert = await within(row).findByRole("alert");
    expect(within(alert).getByText("잠시 후 다시 시도해 주세요.")).toBeTruthy();
    expect((email as HTMLInputElement).checked).toBe(true);
    expect(toast.success).not.toHaveBeenCalled();

    await user.click(within(alert).getByRole("button", { name: "다시 시도" }));
    await waitFor(() => expect((email as HTMLInputElement).checked).toBe(false));
    expect(within(row).queryByRole("alert")).toBeNull();
    expect(toast.success).toHaveBeenCalledWith("광고성 이메일을 받지 않기로 했어요.");
  });

  it("when the choices cannot be loaded, says so with 다시 시도", async () => {
    let fail = true;
    mockFetch({
      "POST /matching/graphql": graphqlByOperation({
        MessageConsents: () => {
          if (fail) {
            fail = false;
            return graphqlError("수신 설정을 불러오지 못했어요.");
          }
          return { messageConsents: NONE };
        },
      }),
    });
    const user = userEvent.setup();
    renderAt(<MessageConsents userType="STUDENT" />, "/_app/profile");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("수신 설정을 불러오지 못했어요.");
    await user.click(within(alert).getByRole("button", { name: "다시 시도" }));
    expect(await screen.findByRole("switch", { name: /광고성 문자/ })).toBeTruthy();
  });
});

const row = (o: Partial<OutboxMessage> & Pick<OutboxMessage, "id">) => ({
  __typename: "OutboxMessage",
  recipientUserId: 2,
  recipientName: "김서연",
  recipientRole: "PARENT",
  channel: "ALIMTALK",
  templateId: "lesson-reminder",
  templateVersion: 1,
  subject: "lesson:12",
  text: "[설탭] 내일 수업이 있어요.\n\n수업: 스마트 수학",
  state: "PENDING",
  scheduledAt: "2026-11-25T11:00:00.000Z",
  attempts: 0,
  sentAt: null,
  providerResult: null,
  cancelReason: null,
  createdAt: "2026-11-24T10:00:00.000Z",
  ...o,
});

describe("/_app/admin/messages (staff outbox)", () => {
  it.each(["STUDENT", "PARENT", "TEACHER"] as const)("%s: not for them, and no call", (type) => {
    const { calls } = mockFetch({});
    signInAs(type);
    renderAt(<StaffOutbox />, "/_app/admin/messages");
    expect(screen.getByRole("heading", { name: "운영팀만 볼 수 있는 페이지예요" })).toBeTruthy();
    expect(calls).toHaveLength(0);
  });

  it("shows each message with recipient, template@version, subject, the full text, state and Seoul times; filters go to the address and the query", async () => {
    const asked: Record<string, unknown>[] = [];
    mockFetch({
      "POST /matching/graphql": graphqlByOperation({
        MessageOutbox: (variables) => {
          asked.push(variables);
          return {
            messageOutbox: [
              row({ id: "3" }),
              row({
                id: "2",
                state: "CANCELLED",
                cancelReason: "수업 시간이 바뀌었어요.",
                recipientName: "이준호",
                recipientRole: "TEACHER",
              }),
              row({
                id: "1",
                templateId: "payment-paid",
                subject: "payment:7",
                state: "FAILED",
                attempts: 5,
                providerResult: "받는 사람의 휴대폰 번호가 없어요.",
              }),
              row({
                id: "0",
                state: "SENT",
                attempts: 1,
                sentAt: "2026-11-24T10:00:05.000Z",
                providerResult: "sandbox:ok",
              }),
            ],
          };
        },
      }),
    });
    signInAs("ADMIN");
    const user = userEvent.setup();
    renderAt(<StaffOutbox />, "/_app/admin/messages");

    const rows = await screen.findAllByTestId("outbox-row");
    expect(rows).toHaveLength(4);
    expect(asked[0]).toEqual({ recipientUserId: null, subject: null, state: null, page: 1 });
    const first = rows[0]!;
    expect(within(first).getByTestId("outbox-state").textContent).toBe("보낼 예정");
    expect(within(first).getByText(/김서연 \(학부모 · #\s*2\)/)).toBeTruthy();
    expect(within(first).getByTestId("outbox-template").textContent).toBe("lesson-reminder@1");
    expect(within(first).getByTestId("outbox-subject").textContent).toBe("lesson:12");
    expect(within(first).getByTestId("outbox-text").textContent).toBe(
      "[설탭] 내일 수업이 있어요.\n\n수업: 스마트 수학",
    );
    // 11:00 UTC is 20:00 in Seoul.
    expect(within(first).getByTestId("outbox-scheduled").textContent).toBe(
      "2026. 11. 25. (수) 20:00",
    );
    expect(within(first).getByTestId("outbox-sent").textContent).toBe("—");
    expect(within(rows[1]!).getByTestId("outbox-state").textContent).toBe("취소");
    expect(within(rows[1]!).getByTestId("outbox-cancel-reason").textContent).toBe(
      "수업 시간이 바뀌었어요.",
    );
    expect(within(rows[2]!).getByTestId("outbox-result").textContent).toBe(
      "받는 사람의 휴대폰 번호가 없어요.",
    );
    expect(within(rows[2]!).getByText("5회")).toBeTruthy();
    expect(within(rows[3]!).getByTestId("outbox-sent").textContent).toBe(
      "2026. 11. 24. (화) 19:00",
    );
    // Fewer than 50: no pages.
    expect(screen.queryByRole("navigation", { name: "페이지" })).toBeNull();

    await user.type(screen.getByLabelText("받는 사람 회원 번호"), "2x");
    await user.type(screen.getByLabelText("대상"), " lesson:12 ");
    await user.selectOptions(screen.getByLabelText("상태"), "CANCELLED");
    await user.click(screen.getByRole("button", { name: "찾기" }));
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({
        recipientUserId: 2,
        subject: "lesson:12",
        state: "CANCELLED",
        page: 1,
      }),
    );
    expect(screen.getByTestId("where").textContent).toBe(
      "?recipient=2&subject=lesson%3A12&state=CANCELLED",
    );
    await user.click(screen.getByRole("button", { name: "모두 보기" }));
    await waitFor(() =>
      expect(asked.at(-1)).toEqual({ recipientUserId: null, subject: null, state: null, page: 1 }),
    );
    expect((screen.getByLabelText("대상") as HTMLInputElement).value).toBe("");
  });

  it("reads the filter from the address and pages by 50 with 이전/다음", async () => {
    const asked: Record<string, unknown>[] = [];
    mockFetch({
      "POST /matching/graphql": graphqlByOperation({
        MessageOutbox: (variables) => {
          asked.push(variables);
          const count = variables.page === 1 ? 50 : 3;
          return {
            messageOutbox: Array.from({ length: count }, (_, i) =>
              row({ id: `${variables.page as number}-${i}` }),
            ),
          };
        },
      }),
    });
    signInAs("SALES_TEAM");
    const user = userEvent.setup();
    renderAt(<StaffOutbox />, "/_app/admin/messages", "/_app/admin/messages?subject=lesson:12");

    await waitFor(() => expect(screen.getAllByTestId("outbox-row")).toHaveLength(50));
    expect(asked[0]).toEqual({ recipientUserId: null, subject: "lesson:12", state: null, page: 1 });
    expect((screen.getByLabelText("대상") as HTMLInputElement).value).toBe("lesson:12");
    const pages = screen.getByRole("navigation", { name: "페이지" });
    expect(
      (within(pages).getByRole("button", { name: "이전" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(within(pages).getByRole("button", { name: "다음" }));
    await waitFor(() => expect(screen.getAllByTestId("outbox-row")).toHaveLength(3));
    expect(asked.at(-1)).toEqual({
      recipientUserId: null,
      subject: "lesson:12",
      state: null,
      page: 2,
    });
    const again = screen.getByRole("navigation", { name: "페이지" });
    expect(
      (within(again).getByRole("button", { name: "다음" }) as HTMLButtonElement).disabled,
    ).toBe(true);
    await user.click(within(again).getByRole("button", { name: "이전" }));
    await waitFor(() => expect(screen.getAllByTestId("outbox-row")).toHaveLength(50));
  });

  it("a server error is said with 다시 시도", async () => {
    let fail = true;
    mockFetch({
      "POST /matching/graphql": graphqlByOperation({
        MessageOutbox: () => {
          if (fail) {
            fail = false;
            return graphqlError("운영팀만 볼 수 있어요.", { code: "staff_only" });
          }
          return { messageOutbox: [row({ id: "1" })] };
        },
      }),
    });
    signInAs("ADMIN");
    const user = userEvent.setup();
    renderAt(<StaffOutbox />, "/_app/admin/messages");
    const alert = await screen.findByRole("alert");
    expect(alert.textContent).toContain("운영팀만 볼 수 있어요.");
    await user.click(within(alert).getByRole("button", { name: "다시 시도" }));
    expect(await screen.findAllByTestId("outbox-row")).toHaveLength(1);
  });
});
