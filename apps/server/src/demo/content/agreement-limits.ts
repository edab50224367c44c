import type { ContentText, Locale } from "@tickfair/contract";
import { agreement } from "./agreement";
import type { DemoDocument } from "./text";

/**
 * The agreement's section on the limits users set on themselves (ARCHITECTURE §5 "Responsible
 * trading"), per locale: what they cover, when a change applies, and that nobody lifts a break early.
 */
const LIMITS_SECTION: Record<Locale, string> = {
  "zh-CN": `
## 您为自己设置的限额

- 您可以在“设置 → 限额与暂停”中为充值、下单金额和净亏损设置每日、7 日和 30 日限额，限制同时持仓数，并设置在线时长提醒。
- 服务器在每笔下单和充值时执行这些限额。收紧立即生效；放宽或取消在申请 24 小时后生效，生效前可撤销。
- 您可以选择 1 天至 6 周的冷静期，或 6 个月至 5 年的自我禁入。期间您不能交易、充值或转入余额宝，但仍可登录、提现和查看记录。
- 冷静期和自我禁入不能提前结束，无论是您本人还是运营人员。运营人员可以查看您的限额，但不能放宽它们。
`,
  "zh-TW": `
## 您為自己設定的限額

- 您可以在「設定 → 限額與暫停」中為儲值、下單金額和淨虧損設定每日、7 日和 30 日限額，限制同時持倉數，並設定線上時長提醒。
- 伺服器在每筆下單和儲值時執行這些限額。收緊立即生效；放寬或取消在申請 24 小時後生效，生效前可撤銷。
- 您可以選擇 1 天至 6 週的冷靜期，或 6 個月至 5 年的自我排除。期間您不能交易、儲值或轉入餘額寶，但仍可登入、提領和查看紀錄。
- 冷靜期和自我排除不能提前結束，無論是您本人還是營運人員。營運人員可以查看您的限額，但不能放寬它們。
`,
  en: `
## Limits you set on yourself

- Under Settings → Limits and breaks you can limit your deposits, stakes and net losses per day, 7 days and 30 days, cap your open positions, and set a session reminder.
- The server enforces them on every order and deposit. A tighter limit applies at once; a looser one, or removing a limit, applies 24 hours after you ask, and you can cancel it until then.
- You can take a time-out of 1 day to 6 weeks, or exclude yourself for 6 months to 5 years. Meanwhile you cannot trade, deposit or move money into Yu'ebao, but you can still sign in, withdraw and read your records.
- Nobody can end a time-out or a self-exclusion early, neither you nor an operator. Operators can see your limits but never loosen them.
`,
  ja: `
## ご自身で設定する上限

- 「設定 → 上限と休止」で、入金・取引額・純損失の1日／7日／30日の上限、同時保有ポジション数の上限、セッションのリマインダーを設定できます。
- サーバーはすべての注文と入金でこれらを適用します。厳しくする変更はすぐに、緩める変更や解除は申請から24時間後に有効となり、それまでは取り消せます。
- 1日〜6週間の一時休止、または6か月〜5年の自己排除を選べます。その間は取引・入金・余額宝への振替はできませんが、ログイン・出金・記録の閲覧は可能です。
- 一時休止と自己排除は、ご本人もオペレーターも途中で終了できません。オペレーターは上限を閲覧できますが、緩めることはできません。
`,
  th: `
## วงเงินที่คุณกำหนดเอง

- ที่ ตั้งค่า → ขีดจำกัดและการพัก คุณกำหนดวงเงินฝาก ยอดเดิมพัน และขาดทุนสุทธิ ต่อวัน 7 วัน และ 30 วัน จำกัดจำนวนสถานะที่เปิดพร้อมกัน และตั้งการแจ้งเตือนระยะเวลาใช้งานได้
- เซิร์ฟเวอร์บังคับใช้วงเงินเหล่านี้กับทุกคำสั่งและทุกการฝาก การลดวงเงินมีผลทันที ส่วนการเพิ่มหรือยกเลิกวงเงินมีผลหลังคำขอ 24 ชั่วโมง และยกเลิกได้จนถึงตอนนั้น
- คุณพักชั่วคราวได้ 1 วันถึง 6 สัปดาห์ หรือระงับด้วยตนเองได้ 6 เดือนถึง 5 ปี ระหว่างนั้นคุณเทรด ฝากเงิน หรือโอนเข้า Yu'ebao ไม่ได้ แต่ยังเข้าสู่ระบบ ถอนเงิน และดูประวัติได้
- ไม่มีใครยุติการพักชั่วคราวหรือการระงับด้วยตนเองก่อนกำหนดได้ ทั้งคุณและผู้ดูแลระบบ ผู้ดูแลระบบดูวงเงินของคุณได้แต่เพิ่มไม่ได้
`,
  vi: `
## Hạn mức bạn tự đặt

- Tại Cài đặt → Giới hạn và tạm nghỉ, bạn có thể đặt hạn mức nạp tiền, tiền đặt lệnh và lỗ ròng theo ngày, 7 ngày và 30 ngày, giới hạn số vị thế mở cùng lúc và đặt lời nhắc thời gian phiên.
- Máy chủ áp dụng các hạn mức này cho mọi lệnh và mọi lần nạp. Siết chặt có hiệu lực ngay; nới lỏng hoặc bỏ hạn mức có hiệu lực 24 giờ sau khi yêu cầu và có thể hủy trước thời điểm đó.
- Bạn có thể tạm nghỉ từ 1 ngày đến 6 tuần, hoặc tự loại trừ từ 6 tháng đến 5 năm. Trong thời gian đó bạn không thể giao dịch, nạp tiền hay chuyển vào Yu'ebao, nhưng vẫn có thể đăng nhập, rút tiền và xem lịch sử.
- Không ai có thể kết thúc sớm thời gian tạm nghỉ hay tự loại trừ, kể cả bạn hay nhân viên vận hành. Nhân viên vận hành có thể xem hạn mức của bạn nhưng không bao giờ nới lỏng chúng.
`,
  id: `
## Batas yang Anda tetapkan sendiri

- Di Pengaturan → Batas dan rehat, Anda dapat membatasi setoran, taruhan, dan kerugian bersih per hari, 7 hari, dan 30 hari, membatasi jumlah posisi terbuka, dan mengatur pengingat sesi.
- Server menerapkannya pada setiap order dan setoran. Batas yang lebih ketat berlaku seketika; batas yang lebih longgar, atau penghapusan batas, berlaku 24 jam setelah diminta dan dapat dibatalkan sebelum itu.
- Anda dapat mengambil rehat 1 hari hingga 6 minggu, atau mengecualikan diri 6 bulan hingga 5 tahun. Selama itu Anda tidak dapat trading, menyetor, atau memindahkan dana ke Yu'ebao, tetapi tetap dapat masuk, menarik dana, dan melihat riwayat.
- Tidak ada yang dapat mengakhiri rehat atau pengecualian diri lebih awal, baik Anda maupun operator. Operator dapat melihat batas Anda tetapi tidak pernah melonggarkannya.
`,
  ko: `
## 스스로 정하는 한도

- 설정 → 한도 및 휴식에서 입금, 거래 금액, 순손실의 1일·7일·30일 한도를 정하고, 동시 보유 포지션 수를 제한하며, 세션 알림을 설정할 수 있습니다.
- 서버는 모든 주문과 입금에 이 한도를 적용합니다. 더 엄격한 한도는 즉시 적용되고, 완화하거나 해제하면 요청 24시간 후에 적용되며 그 전까지 취소할 수 있습니다.
- 1일~6주의 일시 휴식 또는 6개월~5년의 자기 배제를 선택할 수 있습니다. 그동안 거래, 입금, 위어바오 이체는 할 수 없지만 로그인, 출금, 기록 조회는 가능합니다.
- 일시 휴식과 자기 배제는 본인도 운영자도 일찍 끝낼 수 없습니다. 운영자는 한도를 볼 수 있지만 완화할 수는 없습니다.
`,
  fr: `
## Les limites que vous vous fixez

- Dans Paramètres → Limites et pauses, vous pouvez limiter vos dépôts, vos mises et vos pertes nettes par jour, sur 7 jours et sur 30 jours, plafonner vos positions ouvertes et régler un rappel de session.
- Le serveur les applique à chaque ordre et à chaque dépôt. Une limite plus stricte s'applique aussitôt ; une limite plus souple, ou sa suppression, s'applique 24 heures après la demande, et vous pouvez l'annuler d'ici là.
- Vous pouvez prendre une pause de 1 jour à 6 semaines, ou vous auto-exclure de 6 mois à 5 ans. Pendant ce temps, vous ne pouvez ni trader, ni déposer, ni transférer vers Yu'ebao, mais vous pouvez toujours vous connecter, retirer et consulter vos historiques.
- Personne ne peut mettre fin plus tôt à une pause ou à une auto-exclusion, ni vous ni un opérateur. Les opérateurs voient vos limites mais ne les assouplissent jamais.
`,
  de: `
## Limits, die Sie sich selbst setzen

- Unter Einstellungen → Limits und Pausen können Sie Einzahlungen, Einsätze und Nettoverluste pro Tag, 7 Tage und 30 Tage begrenzen, offene Positionen deckeln und eine Sitzungserinnerung einstellen.
- Der Server setzt sie bei jeder Order und jeder Einzahlung durch. Ein strengeres Limit gilt sofort; ein lockereres, oder das Entfernen eines Limits, gilt 24 Stunden nach dem Antrag und lässt sich bis dahin zurücknehmen.
- Sie können eine Auszeit von 1 Tag bis 6 Wochen nehmen oder sich für 6 Monate bis 5 Jahre selbst sperren. Solange können Sie nicht handeln, einzahlen oder Geld in Yu'ebao verschieben, sich aber weiter anmelden, auszahlen und Ihre Aufstellungen lesen.
- Niemand kann eine Auszeit oder Selbstsperre vorzeitig beenden, weder Sie noch ein Betreiber. Betreiber sehen Ihre Limits, lockern sie aber nie.
`,
};

/** A body with `section` placed before its last heading (disputes stay the agreement's last word). */
function withSection(body: string, section: string): string {
  const last = body.lastIndexOf("\n## ");
  return `${body.slice(0, last)}\n\n${section.trim()}\n${body.slice(last)}`;
}

/** The agreement's second version: the first with the limits section. */
export const agreementWithLimits: DemoDocument = {
  kind: "agreement",
  translations: Object.fromEntries(
    Object.entries(agreement.translations).map(([locale, text]) => [
      locale,
      { ...text, body: withSection(text.body, LIMITS_SECTION[locale as Locale]) } satisfies ContentText,
    ]),
  ) as Record<Locale, ContentText>,
};
