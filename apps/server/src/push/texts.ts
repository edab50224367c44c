import { formatMoney, type Locale, type PushPayload, servedLocale } from "@tickfair/contract";
import type { PushEvent } from "./events";

type Texts = {
  /** The practice account's name, before the title of a practice contract's push. */
  practice: string;
  won: string;
  lost: string;
  draw: string;
  refunded: string;
  settledBody: string;
  refundBody: string;
  deposit: string;
  depositBody: string;
  paid: string;
  paidBody: string;
  rejected: string;
  rejectedBody: string;
  chat: string;
  chatBody: string;
  broadcast: string;
};

/**
 * The words of a push in each language. A lock screen is not private: a push names the kind of thing
 * and its amount, never a chat message's text or a rejection's reason; the app shows those.
 */
const TEXTS: Record<Locale, Texts> = {
  "zh-CN": {
    practice: "练习",
    won: "合约已结算：盈利",
    lost: "合约已结算：亏损",
    draw: "合约已结算：平局",
    refunded: "合约已作废：本金已退回",
    settledBody: "订单 {orderNo}，返还 {amount}",
    refundBody: "订单 {orderNo}，退回 {amount}",
    deposit: "充值已到账",
    depositBody: "订单 {orderNo}，{amount} 已存入余额",
    paid: "提现已汇出",
    paidBody: "订单 {orderNo}，{amount} 已汇出",
    rejected: "提现未通过",
    rejectedBody: "订单 {orderNo}，{amount} 已退回余额",
    chat: "客服回复了您",
    chatBody: "打开应用查看回复",
    broadcast: "平台公告",
  },
  "zh-TW": {
    practice: "練習",
    won: "合約已結算：獲利",
    lost: "合約已結算：虧損",
    draw: "合約已結算：平局",
    refunded: "合約已作廢：本金已退回",
    settledBody: "訂單 {orderNo}，返還 {amount}",
    refundBody: "訂單 {orderNo}，退回 {amount}",
    deposit: "儲值已入帳",
    depositBody: "訂單 {orderNo}，{amount} 已存入餘額",
    paid: "提領已匯出",
    paidBody: "訂單 {orderNo}，{amount} 已匯出",
    rejected: "提領未通過",
    rejectedBody: "訂單 {orderNo}，{amount} 已退回餘額",
    chat: "客服回覆了您",
    chatBody: "開啟應用程式查看回覆",
    broadcast: "平台公告",
  },
  en: {
    practice: "Practice",
    won: "Contract settled: won",
    lost: "Contract settled: lost",
    draw: "Contract settled: draw",
    refunded: "Contract void: stake returned",
    settledBody: "Order {orderNo}, paid out {amount}",
    refundBody: "Order {orderNo}, returned {amount}",
    deposit: "Deposit confirmed",
    depositBody: "Order {orderNo}, {amount} added to your balance",
    paid: "Withdrawal paid",
    paidBody: "Order {orderNo}, {amount} sent",
    rejected: "Withdrawal rejected",
    rejectedBody: "Order {orderNo}, {amount} returned to your balance",
    chat: "Customer service replied",
    chatBody: "Open the app to read the reply",
    broadcast: "Announcement",
  },
  ja: {
    practice: "練習",
    won: "契約決済：利益",
    lost: "契約決済：損失",
    draw: "契約決済：引き分け",
    refunded: "契約無効：元本を返金しました",
    settledBody: "注文 {orderNo}、支払額 {amount}",
    refundBody: "注文 {orderNo}、返金額 {amount}",
    deposit: "入金が確認されました",
    depositBody: "注文 {orderNo}、{amount} を残高に追加しました",
    paid: "出金を送金しました",
    paidBody: "注文 {orderNo}、{amount} を送金しました",
    rejected: "出金が却下されました",
    rejectedBody: "注文 {orderNo}、{amount} を残高に戻しました",
    chat: "カスタマーサービスから返信があります",
    chatBody: "アプリを開いて返信をご確認ください",
    broadcast: "お知らせ",
  },
  th: {
    practice: "ฝึกซ้อม",
    won: "สัญญาชำระแล้ว: ได้กำไร",
    lost: "สัญญาชำระแล้ว: ขาดทุน",
    draw: "สัญญาชำระแล้ว: เสมอ",
    refunded: "สัญญาเป็นโมฆะ: คืนเงินต้นแล้ว",
    settledBody: "คำสั่ง {orderNo} จ่ายคืน {amount}",
    refundBody: "คำสั่ง {orderNo} คืนเงิน {amount}",
    deposit: "ยืนยันการฝากเงินแล้ว",
    depositBody: "คำสั่ง {orderNo} เพิ่ม {amount} เข้ายอดคงเหลือแล้ว",
    paid: "โอนเงินถอนแล้ว",
    paidBody: "คำสั่ง {orderNo} โอน {amount} แล้ว",
    rejected: "การถอนเงินถูกปฏิเสธ",
    rejectedBody: "คำสั่ง {orderNo} คืน {amount} เข้ายอดคงเหลือแล้ว",
    chat: "ฝ่ายบริการลูกค้าตอบกลับแล้ว",
    chatBody: "เปิดแอปเพื่ออ่านคำตอบ",
    broadcast: "ประกาศ",
  },
  vi: {
    practice: "Luyện tập",
    won: "Hợp đồng đã thanh toán: thắng",
    lost: "Hợp đồng đã thanh toán: thua",
    draw: "Hợp đồng đã thanh toán: hòa",
    refunded: "Hợp đồng vô hiệu: đã hoàn tiền gốc",
    settledBody: "Lệnh {orderNo}, đã trả {amount}",
    refundBody: "Lệnh {orderNo}, đã hoàn {amount}",
    deposit: "Đã xác nhận nạp tiền",
    depositBody: "Lệnh {orderNo}, {amount} đã vào số dư",
    paid: "Đã chuyển tiền rút",
    paidBody: "Lệnh {orderNo}, đã chuyển {amount}",
    rejected: "Yêu cầu rút tiền bị từ chối",
    rejectedBody: "Lệnh {orderNo}, {amount} đã trả lại số dư",
    chat: "Bộ phận chăm sóc khách hàng đã trả lời",
    chatBody: "Mở ứng dụng để đọc câu trả lời",
    broadcast: "Thông báo",
  },
  id: {
    practice: "Latihan",
    won: "Kontrak diselesaikan: untung",
    lost: "Kontrak diselesaikan: rugi",
    draw: "Kontrak diselesaikan: seri",
    refunded: "Kontrak batal: modal dikembalikan",
    settledBody: "Order {orderNo}, dibayar {amount}",
    refundBody: "Order {orderNo}, dikembalikan {amount}",
    deposit: "Setoran dikonfirmasi",
    depositBody: "Order {orderNo}, {amount} masuk ke saldo Anda",
    paid: "Penarikan dibayar",
    paidBody: "Order {orderNo}, {amount} dikirim",
    rejected: "Penarikan ditolak",
    rejectedBody: "Order {orderNo}, {amount} dikembalikan ke saldo Anda",
    chat: "Layanan pelanggan membalas",
    chatBody: "Buka aplikasi untuk membaca balasan",
    broadcast: "Pengumuman",
  },
  ko: {
    practice: "연습",
    won: "계약 정산: 수익",
    lost: "계약 정산: 손실",
    draw: "계약 정산: 무승부",
    refunded: "계약 무효: 원금 반환",
    settledBody: "주문 {orderNo}, 지급액 {amount}",
    refundBody: "주문 {orderNo}, 반환액 {amount}",
    deposit: "입금이 확인되었습니다",
    depositBody: "주문 {orderNo}, {amount}이(가) 잔액에 추가되었습니다",
    paid: "출금이 송금되었습니다",
    paidBody: "주문 {orderNo}, {amount} 송금 완료",
    rejected: "출금이 거절되었습니다",
    rejectedBody: "주문 {orderNo}, {amount}이(가) 잔액으로 반환되었습니다",
    chat: "고객센터에서 답변했습니다",
    chatBody: "앱을 열어 답변을 확인하세요",
    broadcast: "공지",
  },
  fr: {
    practice: "Entraînement",
    won: "Contrat réglé : gagné",
    lost: "Contrat réglé : perdu",
    draw: "Contrat réglé : égalité",
    refunded: "Contrat annulé : mise remboursée",
    settledBody: "Ordre {orderNo}, versé {amount}",
    refundBody: "Ordre {orderNo}, remboursé {amount}",
    deposit: "Dépôt confirmé",
    depositBody: "Ordre {orderNo}, {amount} ajouté à votre solde",
    paid: "Retrait versé",
    paidBody: "Ordre {orderNo}, {amount} envoyé",
    rejected: "Retrait refusé",
    rejectedBody: "Ordre {orderNo}, {amount} rendu à votre solde",
    chat: "Le service client a répondu",
    chatBody: "Ouvrez l'application pour lire la réponse",
    broadcast: "Annonce",
  },
  de: {
    practice: "Übung",
    won: "Kontrakt abgerechnet: gewonnen",
    lost: "Kontrakt abgerechnet: verloren",
    draw: "Kontrakt abgerechnet: unentschieden",
    refunded: "Kontrakt ungültig: Einsatz erstattet",
    settledBody: "Auftrag {orderNo}, ausgezahlt {amount}",
    refundBody: "Auftrag {orderNo}, erstattet {amount}",
    deposit: "Einzahlung bestätigt",
    depositBody: "Auftrag {orderNo}, {amount} Ihrem Guthaben gutgeschrieben",
    paid: "Auszahlung überwiesen",
    paidBody: "Auftrag {orderNo}, {amount} überwiesen",
    rejected: "Auszahlung abgelehnt",
    rejectedBody: "Auftrag {orderNo}, {amount} Ihrem Guthaben zurückgebucht",
    chat: "Der Kundenservice hat geantwortet",
    chatBody: "Öffnen Sie die App, um die Antwort zu lesen",
    broadcast: "Mitteilung",
  },
};

const fill = (template: string, values: Record<string, string>) =>
  template.replace(/\{(\w+)\}/g, (_, name: string) => values[name] ?? "");

const settledTitle = { win: "won", lose: "lost", draw: "draw", void: "refunded" } as const;

/** A push as the subscription's reader reads it (the app knows where a tap on each kind leads). */
export function wordPush(event: PushEvent, locale: Locale): PushPayload {
  const t = TEXTS[locale];
  const money = (amount: string) => formatMoney(amount, locale);
  switch (event.kind) {
    case "contract_settled": {
      const values = { orderNo: event.orderNo, amount: money(event.payout) };
      return {
        kind: event.kind,
        // Virtual units are told apart from money on the lock screen too.
        title: event.practice
          ? `${t.practice} · ${t[settledTitle[event.result]]}`
          : t[settledTitle[event.result]],
        body: fill(event.result === "void" ? t.refundBody : t.settledBody, values),
        tag: `contract-${event.contractId}`,
        ref: event.contractId,
      };
    }
    case "deposit_confirmed":
      return {
        kind: event.kind,
        title: t.deposit,
        body: fill(t.depositBody, { orderNo: event.orderNo, amount: money(event.amount) }),
        tag: `deposit-${event.orderNo}`,
        ref: null,
      };
    case "withdrawal_paid":
    case "withdrawal_rejected":
      return {
        kind: event.kind,
        title: event.kind === "withdrawal_paid" ? t.paid : t.rejected,
        body: fill(event.kind === "withdrawal_paid" ? t.paidBody : t.rejectedBody, {
          orderNo: event.orderNo,
          amount: money(event.amount),
        }),
        tag: `withdrawal-${event.orderNo}`,
        ref: null,
      };
    case "chat_reply":
      return { kind: event.kind, title: t.chat, body: t.chatBody, tag: "chat", ref: null };
    case "broadcast":
      return {
        kind: event.kind,
        title: t.broadcast,
        body: event.titles[servedLocale(locale, event.titles)] ?? "",
        tag: `broadcast-${event.broadcastId}`,
        ref: event.broadcastId,
      };
  }
}
