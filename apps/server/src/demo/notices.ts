import type { NoticeInput, NoticeTranslations } from "@tickfair/contract";
import sharp from "sharp";
import { createNotice } from "../content";
import { storePublicImage } from "../files";
import type { Clock } from "../platform/clock";
import type { Db } from "../platform/db";

type Texts = Record<keyof NoticeTranslations, { title: string; body: string }>;

const FAIRNESS: Texts = {
  "zh-CN": {
    title: "每个结果都能自己核验",
    body: "合约的进场与出场价格都来自已记录的行情，点「核验」即可重算。",
  },
  "zh-TW": {
    title: "每個結果都能自己核驗",
    body: "合約的進場與出場價格都來自已記錄的行情，點「核驗」即可重算。",
  },
  en: {
    title: "Check every result yourself",
    body: "Entry and exit prices come from recorded ticks; tap Verify to recompute.",
  },
  th: { title: "ตรวจสอบทุกผลลัพธ์ได้ด้วยตัวเอง", body: "ราคาเข้าและออกมาจากราคาที่บันทึกไว้ แตะ ตรวจสอบ เพื่อคำนวณใหม่" },
  id: {
    title: "Periksa sendiri setiap hasil",
    body: "Harga masuk dan keluar berasal dari tick yang tercatat; ketuk Verifikasi untuk menghitung ulang.",
  },
  vi: {
    title: "Tự kiểm tra mọi kết quả",
    body: "Giá vào và ra lấy từ các tick đã ghi lại; nhấn Xác minh để tính lại.",
  },
  ja: {
    title: "すべての結果を自分で検証",
    body: "エントリーと決済の価格は記録済みのティックから。「検証」で再計算できます。",
  },
  ko: {
    title: "모든 결과를 직접 검증하세요",
    body: "진입·청산 가격은 기록된 틱에서 나옵니다. 검증을 눌러 다시 계산하세요.",
  },
  fr: {
    title: "Vérifiez chaque résultat vous-même",
    body: "Les prix d’entrée et de sortie viennent des ticks enregistrés ; touchez Vérifier pour recalculer.",
  },
  de: {
    title: "Jedes Ergebnis selbst prüfen",
    body: "Ein- und Ausstiegskurse stammen aus aufgezeichneten Ticks; tippen Sie auf Prüfen, um nachzurechnen.",
  },
};

const SAVINGS: Texts = {
  "zh-CN": { title: "余额宝：闲钱每日计息", body: "随时转入转出，收益按日结算，每一分都记在账上。" },
  "zh-TW": { title: "餘額寶：閒錢每日計息", body: "隨時轉入轉出，收益按日結算，每一分都記在帳上。" },
  en: {
    title: "Yu'ebao: interest every day",
    body: "Move money in and out any time; interest is paid daily, every cent on the ledger.",
  },
  th: { title: "Yu'ebao: ดอกเบี้ยทุกวัน", body: "โอนเข้าออกได้ทุกเมื่อ จ่ายดอกเบี้ยรายวัน ทุกสตางค์อยู่ในบัญชี" },
  id: {
    title: "Yu'ebao: bunga setiap hari",
    body: "Pindahkan dana kapan saja; bunga dibayar harian, setiap sen tercatat.",
  },
  vi: {
    title: "Yu'ebao: lãi mỗi ngày",
    body: "Chuyển tiền vào ra bất cứ lúc nào; lãi trả hằng ngày, từng xu đều được ghi sổ.",
  },
  ja: {
    title: "余額宝：毎日利息がつく",
    body: "いつでも入出金でき、利息は毎日支払われ、1セント単位で記帳されます。",
  },
  ko: {
    title: "위어바오: 매일 이자",
    body: "언제든 입출금하고, 이자는 매일 지급되며 모든 금액이 장부에 남습니다.",
  },
  fr: {
    title: "Yu'ebao : des intérêts chaque jour",
    body: "Déposez et retirez à tout moment ; intérêts versés chaque jour, au centime près.",
  },
  de: {
    title: "Yu'ebao: täglich Zinsen",
    body: "Jederzeit ein- und auszahlen; Zinsen täglich, jeder Cent im Hauptbuch.",
  },
};

const WELCOME: Texts = {
  "zh-CN": {
    title: "欢迎体验 Tickfair 演示",
    body: "这里的行情为模拟数据，资金均为虚拟金额，不能提取为真实货币。",
  },
  "zh-TW": {
    title: "歡迎體驗 Tickfair 示範",
    body: "這裡的行情為模擬資料，資金均為虛擬金額，不能提領為真實貨幣。",
  },
  en: {
    title: "Welcome to the Tickfair demo",
    body: "Prices here are simulated and all money is virtual: it cannot be withdrawn as real money.",
  },
  th: {
    title: "ยินดีต้อนรับสู่เดโม Tickfair",
    body: "ราคาในนี้เป็นการจำลอง และเงินทั้งหมดเป็นเงินเสมือน ไม่สามารถถอนเป็นเงินจริงได้",
  },
  id: {
    title: "Selamat datang di demo Tickfair",
    body: "Harga di sini disimulasikan dan semua uang bersifat virtual: tidak dapat ditarik sebagai uang sungguhan.",
  },
  vi: {
    title: "Chào mừng đến bản demo Tickfair",
    body: "Giá ở đây là mô phỏng và mọi khoản tiền đều ảo: không thể rút thành tiền thật.",
  },
  ja: {
    title: "Tickfair デモへようこそ",
    body: "ここの価格はシミュレーションで、資金はすべて仮想です。実際のお金として出金することはできません。",
  },
  ko: {
    title: "Tickfair 데모에 오신 것을 환영합니다",
    body: "이곳의 시세는 모의 데이터이며 모든 자금은 가상입니다. 실제 돈으로 출금할 수 없습니다.",
  },
  fr: {
    title: "Bienvenue dans la démo Tickfair",
    body: "Les prix sont simulés et tout l’argent est virtuel : il ne peut pas être retiré en argent réel.",
  },
  de: {
    title: "Willkommen in der Tickfair-Demo",
    body: "Die Kurse sind simuliert und alles Geld ist virtuell: Es kann nicht als echtes Geld ausgezahlt werden.",
  },
};

/** A banner's picture, drawn rather than shipped: a gradient and a rising line, no words (the texts are per language). */
function artwork(from: string, to: string, accent: string): Promise<Buffer> {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1029" height="450" viewBox="0 0 343 150">
    <defs><linearGradient id="bg" x1="0" y1="0" x2="1" y2="1">
      <stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>
    <rect width="343" height="150" fill="url(#bg)"/>
    <circle cx="296" cy="26" r="64" fill="#fff" fill-opacity="0.08"/>
    <circle cx="40" cy="150" r="52" fill="#fff" fill-opacity="0.06"/>
    <path d="M180 120 L204 108 L222 114 L244 92 L262 98 L284 72 L302 80 L343 40" fill="none"
      stroke="${accent}" stroke-width="3" stroke-linejoin="round"/>
    <circle cx="302" cy="80" r="4" fill="${accent}"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

/**
 * Two banners and a pop-up in every locale, so a fresh demo shows home's carousel and its notice.
 * Seeded only while no banner or pop-up exists at all: once operators write their own, the demo's
 * would only crowd them.
 */
export async function seedDemoNotices(db: Db, clock: Clock): Promise<void> {
  const any = await db.selectFrom("content_notices").select("id").limit(1).executeTakeFirst();
  if (any) return;
  const now = clock.now();
  const image = async (from: string, to: string, accent: string) =>
    (await storePublicImage(db, { data: await artwork(from, to, accent), createdBy: null, at: now })).id;
  const notice = (input: Omit<NoticeInput, "startsAt" | "endsAt" | "reason">) =>
    createNotice(db, clock, null, { ...input, startsAt: now.toISOString(), endsAt: null, reason: "demo" });
  await notice({
    kind: "banner",
    translations: FAIRNESS,
    link: "/pages/fairness/fairness",
    imageId: await image("#1f5af0", "#0f2f94", "#34d399"),
    position: 1,
  });
  await notice({
    kind: "banner",
    translations: SAVINGS,
    link: "/pages/money/money",
    imageId: await image("#f97316", "#b45309", "#fde68a"),
    position: 2,
  });
  await notice({
    kind: "popup",
    translations: WELCOME,
    link: "/pages/aboutUs/aboutUs",
    imageId: null,
    position: 0,
  });
}
