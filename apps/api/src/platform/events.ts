/**
 * The in-process event bus (issue #10 "platform"; the event list is in docs/architecture.md).
 * An area emits inside the transaction that made the change; handlers of other areas either run
 * in that same transaction (`phase: "transaction"`: their writes commit or roll back with it) or
 * after it commits (`phase: "after-commit"`: messages, jobs; failures are logged).
 *
 * Each emitting area declares its events by augmenting `DomainEvents` in its public file:
 *
 *   declare module "../../platform/events.ts" {
 *     interface DomainEvents { "payment.paid": PaymentPaidEvent }
 *   }
 */
import type { Database } from "@seoltab/db";
import { afterCommit } from "./transactions.ts";

/** Event name → payload. Areas add their events by declaration merging (see above). */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by augmentation
export interface DomainEvents {}

export type EventName = keyof DomainEvents;

export type EventHandler<N extends EventName> = (
  tx: Database,
  event: DomainEvents[N],
) => Promise<void> | void;

interface Registration {
  phase: "transaction" | "after-commit";
  handler: EventHandler<never>;
  /** Who handles it (area name), for logs and docs. */
  owner: string;
}

export interface EventBus {
  /**
   * Registers `handler` for `name`. `phase: "transaction"` (default) runs it inside the emitting
   * transaction, so a throw rolls the emitter's change back; `"after-commit"` runs it once the
   * change is committed, with the database handle (not the transaction).
   */
  on<N extends EventName>(
    name: N,
    owner: string,
    handler: EventHandler<N>,
    options?: { phase?: "transaction" | "after-commit" },
  ): void;
  /** Runs the in-transaction handlers now (in registration order) and queues the others. */
  emit<N extends EventName>(tx: Database, name: N, event: DomainEvents[N]): Promise<void>;
  /** The registered handlers per event (docs and tests). */
  handlers(): Record<string, { owner: string; phase: Registration["phase"] }[]>;
}

/**
 * A new bus. `db` is the root handle after-commit handlers receive.
 */
export function createEventBus(db: Database): EventBus {
  const registry = new Map<string, Registration[]>();
  return {
    on(name, owner, handler, options) {
      const list = registry.get(name) ?? [];
      list.push({
        phase: options?.phase ?? "transaction",
        handler: handler as EventHandler<never>,
        owner,
      });
      registry.set(name, list);
    },
    async emit(tx, name, event) {
      for (const { phase, handler } of registry.get(name) ?? []) {
        const run = handler as unknown as EventHandler<typeof name>;
        if (phase === "transaction") await run(tx, event);
        else await afterCommit(tx, () => run(db, event));
      }
    },
    handlers() {
      const out: Record<string, { owner: string; phase: Registration["phase"] }[]> = {};
      for (const [name, list] of registry) {
        out[name] = list.map(({ owner, phase }) => ({ owner, phase }));
      }
      return out;
    },
  };
}
