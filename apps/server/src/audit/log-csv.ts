import type { Readable } from "node:stream";
import { AUDIT_CSV_MAX_ROWS, type AuditEntry, type AuditFilters, type Locale } from "@tickfair/contract";
import { csvStream, localTimeWithOffset } from "../platform/csv";
import type { Executor } from "../platform/db";
import { auditEntries, resolveAuditFilters } from "./log";

/** The audit-log file's columns, in file order. */
export const AUDIT_CSV_COLUMNS = [
  "time",
  "operator",
  "action",
  "targetType",
  "targetId",
  "reason",
  "detail",
  "id",
] as const;
type Column = (typeof AUDIT_CSV_COLUMNS)[number];

/** The header in the language the operator reads (the console's, through Accept-Language). */
export const AUDIT_CSV_HEADERS: Record<Locale, Record<Column, string>> = {
  "zh-CN": {
    time: "时间",
    operator: "操作员",
    action: "操作",
    targetType: "对象类型",
    targetId: "对象编号",
    reason: "原因",
    detail: "详情",
    id: "日志编号",
  },
  "zh-TW": {
    time: "時間",
    operator: "操作員",
    action: "操作",
    targetType: "對象類型",
    targetId: "對象編號",
    reason: "原因",
    detail: "詳情",
    id: "日誌編號",
  },
  en: {
    time: "Time",
    operator: "Operator",
    action: "Action",
    targetType: "Record type",
    targetId: "Record ID",
    reason: "Reason",
    detail: "Detail",
    id: "Entry ID",
  },
  ja: {
    time: "日時",
    operator: "オペレーター",
    action: "操作",
    targetType: "対象の種類",
    targetId: "対象ID",
    reason: "理由",
    detail: "詳細",
    id: "ログID",
  },
  th: {
    time: "เวลา",
    operator: "ผู้ดำเนินการ",
    action: "การดำเนินการ",
    targetType: "ประเภทรายการ",
    targetId: "รหัสรายการ",
    reason: "เหตุผล",
    detail: "รายละเอียด",
    id: "รหัสบันทึก",
  },
  vi: {
    time: "Thời gian",
    operator: "Nhân viên",
    action: "Thao tác",
    targetType: "Loại đối tượng",
    targetId: "Mã đối tượng",
    reason: "Lý do",
    detail: "Chi tiết",
    id: "Mã nhật ký",
  },
  id: {
    time: "Waktu",
    operator: "Operator",
    action: "Tindakan",
    targetType: "Jenis objek",
    targetId: "ID objek",
    reason: "Alasan",
    detail: "Detail",
    id: "ID log",
  },
  ko: {
    time: "시간",
    operator: "운영자",
    action: "작업",
    targetType: "대상 유형",
    targetId: "대상 ID",
    reason: "사유",
    detail: "상세",
    id: "로그 ID",
  },
  fr: {
    time: "Date",
    operator: "Opérateur",
    action: "Action",
    targetType: "Type d’objet",
    targetId: "ID de l’objet",
    reason: "Motif",
    detail: "Détail",
    id: "ID de l’entrée",
  },
  de: {
    time: "Zeit",
    operator: "Operator",
    action: "Aktion",
    targetType: "Objekttyp",
    targetId: "Objekt-ID",
    reason: "Grund",
    detail: "Details",
    id: "Eintrags-ID",
  },
};

/**
 * The filtered audit log as a spreadsheet file, streamed: the UTF-8 mark and the header in the
 * operator's language, then one line per entry, newest first, at most AUDIT_CSV_MAX_ROWS. Times are
 * the platform's wall clock with the offset; every cell is quoted and formula-guarded (a reason or a
 * detail an operator or user typed could start with "="). Filters naming an unknown operator match
 * nothing: the file then holds only its header.
 *
 * The filters are checked before the first byte, so bad input is a 4xx with a code, not a cut file.
 */
export async function auditCsv(
  db: Executor,
  filters: AuditFilters,
  options: { locale: Locale; timeZone: string; maxRows?: number },
): Promise<Readable> {
  const resolved = await resolveAuditFilters(db, filters);
  const labels = AUDIT_CSV_HEADERS[options.locale];
  const time = localTimeWithOffset(options.timeZone);
  const maxRows = options.maxRows ?? AUDIT_CSV_MAX_ROWS;
  const header = AUDIT_CSV_COLUMNS.map((column) => labels[column]);
  const entries = resolved ? auditEntries(db, resolved, maxRows) : noEntries();
  return csvStream(header, entries, (entry) => [
    time(new Date(entry.createdAt)),
    entry.operator,
    entry.action,
    entry.targetType,
    entry.targetId,
    entry.reason ?? "",
    Object.keys(entry.detail).length === 0 ? "" : JSON.stringify(entry.detail),
    entry.id,
  ]);
}

async function* noEntries(): AsyncGenerator<AuditEntry> {}
