import type { MessageTemplate } from "../messages.ts";

/** 계약서 서명 요청. */
export const contractToSign: MessageTemplate = {
  id: "contract-to-sign",
  version: 1,
  kind: "INFO",
  channel: "ALIMTALK",
  text: "[설탭] 서명할 계약서가 있어요.\n\n계약: #{contractName}\n아래 버튼에서 내용을 확인하고 서명해 주세요.",
  variables: ["contractName", "contractUrl"],
  buttons: [{ name: "계약서 보기", url: "#{contractUrl}" }],
};
