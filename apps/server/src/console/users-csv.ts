import type { OperatorUserHit } from "@tickfair/contract";
import type { ListCsvColumns } from "../platform/list-csv";

/** The users list's file: who registered when, how to reach them, and whether they may sign in. */
export const USER_CSV_COLUMNS: ListCsvColumns<OperatorUserHit> = [
  ["registered", (u, write) => write.time(u.createdAt)],
  ["userId", (u) => u.id],
  ["account", (u) => u.account],
  ["nickname", (u) => u.nickname],
  ["phone", (u) => u.phone],
  ["country", (u) => u.phoneCountry],
  ["verified", (u, write) => write.labels.values[u.verified ? "yes" : "no"]],
  ["inviteCode", (u) => u.inviteCode],
  ["invitedBy", (u) => u.invitedBy ?? ""],
  ["status", (u, write) => write.labels.values[u.signInLockedAt ? "locked" : "active"]],
];
