/**
 * What the contracts area tells other areas (issue #17): `contract.to-sign`, emitted in the
 * paying transaction when a paid first order has its contract (messages ask the family to sign).
 */
export interface ContractToSignEvent {
  contractId: number;
  /** The student whose contract it is. */
  userId: number;
  /** e.g. 설탭 스마트 수학 3개월 수강 계약. */
  name: string;
  at: Date;
}

declare module "../../platform/events.ts" {
  interface DomainEvents {
    "contract.to-sign": ContractToSignEvent;
  }
}
