import type { AccountSummary, Contract } from "@tickfair/contract";
import type { Db } from "../platform/db";
import type { UserEventRenderer } from "../platform/realtime";
import { contractsByIds } from "./contract-reads";
import type { ContractRef } from "./service";

declare module "../platform/events" {
  interface DomainEvents {
    /** Contracts got their entry tick (the worker raises it): each runs until its expiry now. */
    "contract.opened": ContractRef;
    /** A settlement batch committed (the worker raises it). */
    "contract.settled": ContractRef;
  }
}

/** A contract's reference between processes: "id:userId". */
const contractRefs = {
  encode: (ref: ContractRef) => `${ref.id}:${ref.userId}`,
  decode: (wire: string): ContractRef => {
    const [id = "", userId = ""] = wire.split(":");
    return { id: BigInt(id), userId: BigInt(userId) };
  },
  userOf: (ref: ContractRef) => ref.userId,
};

async function ownedContracts(
  db: Db,
  refs: readonly ContractRef[],
): Promise<{ userId: bigint; contract: Contract }[]> {
  const owners = new Map(refs.map((ref) => [ref.id.toString(), ref.userId]));
  const contracts = await contractsByIds(
    db,
    refs.map((ref) => ref.id),
  );
  return contracts.flatMap((contract) => {
    const userId = owners.get(contract.id);
    return userId === undefined ? [] : [{ userId, contract }];
  });
}

/** "contract.opened" as the owner's open app hears it: contract.opened, its countdown started. */
export function contractOpenings(db: Db): UserEventRenderer<ContractRef> {
  return {
    ...contractRefs,
    async render(refs) {
      const owned = await ownedContracts(db, refs);
      return owned.map(({ userId, contract }) => ({
        userId,
        message: { type: "contract.opened", contract },
      }));
    },
  };
}

/**
 * "contract.settled" as the owner's open app hears it: contract.settled, each with the owner's
 * figures after the batch (read once per owner), so no account.updated needs to follow.
 */
export function contractSettlements(deps: {
  db: Db;
  /** The owner's figures now (the account capability's; handed in so trading need not know it). */
  summaryOf: (userId: bigint) => Promise<AccountSummary>;
}): UserEventRenderer<ContractRef> {
  return {
    ...contractRefs,
    async render(refs) {
      const owned = await ownedContracts(deps.db, refs);
      const summaries = new Map<bigint, AccountSummary>();
      for (const { userId } of owned) {
        if (!summaries.has(userId)) summaries.set(userId, await deps.summaryOf(userId));
      }
      return owned.flatMap(({ userId, contract }) => {
        const summary = summaries.get(userId);
        return summary ? [{ userId, message: { type: "contract.settled", contract, summary } }] : [];
      });
    },
  };
}
