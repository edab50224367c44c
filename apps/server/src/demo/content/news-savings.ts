import { type DemoDocument, text } from "./text";

/** News: Yu'ebao as ARCHITECTURE §5 defines it (cut-off, confirmation, floor(shares × rate / 365)). */
export const newsSavings: DemoDocument = {
  kind: "news",
  translations: {
    "zh-CN": text(
      "余额宝上线：确认份额每日计收益",
      "把资金转入余额宝，每个已确认份额按公布的年化利率每天计收益；随时可转出到余额。",
      `
## 如何运作

- 一份等于一个货币单位。转入后，余额变为待确认份额。
- 在每日截止时间（默认平台时间 15:00）前转入的份额于次日确认，之后转入的则于再下一日确认。
- 每天，已确认份额的收益为 份额 × 年化利率 ÷ 365，向下取整到分，并以新的已确认份额发放。
- 转出的资金立即回到余额，优先转出待确认份额。

## 页面显示

总额、已确认和待确认份额、昨日收益和累计收益、利率、万份收益和七日年化收益率；规则页给出每个数字的计算公式。每日转入和转出次数有限，页面会显示今天还剩几次。

即使服务器重启，每天的收益也只发放一次。本演示中的资金是虚拟的。
`,
    ),
    "zh-TW": text(
      "餘額寶上線：確認份額每日計收益",
      "把資金轉入餘額寶，每個已確認份額按公布的年化利率每天計收益；隨時可轉出到餘額。",
      `
## 如何運作

- 一份等於一個貨幣單位。轉入後，餘額變為待確認份額。
- 在每日截止時間（預設平台時間 15:00）前轉入的份額於次日確認，之後轉入的則於再下一日確認。
- 每天，已確認份額的收益為 份額 × 年化利率 ÷ 365，無條件捨去到分，並以新的已確認份額發放。
- 轉出的資金立即回到餘額，優先轉出待確認份額。

## 頁面顯示

總額、已確認和待確認份額、昨日收益和累計收益、利率、萬份收益和七日年化收益率；規則頁列出每個數字的計算公式。每日轉入和轉出次數有限，頁面會顯示今天還剩幾次。

即使伺服器重新啟動，每天的收益也只發放一次。本示範中的資金是虛擬的。
`,
    ),
    en: text(
      "Yu'ebao savings is here: daily income on confirmed shares",
      "Move money into Yu'ebao and every confirmed share earns income each day at the published annual rate. Move it back to your balance at any time.",
      `
## How it works

- One share is one currency unit. Moving money in turns balance into pending shares.
- Shares moved in before the daily cut-off (15:00 platform time by default) are confirmed the next day; later ones the day after.
- Each day, confirmed shares earn shares × annual rate ÷ 365, rounded down to the cent, credited as new confirmed shares.
- Moving money out returns it to your balance at once, pending shares first.

## What the page shows

Total, confirmed and pending shares, yesterday's and total income, the rate, income per 10,000 shares and the 7-day annualised yield. The rules page gives the formula for each figure. Moves in and out are limited per day, and the page shows how many remain today.

Income is paid exactly once a day, even when the server restarts. In this demo the money is virtual.
`,
    ),
    ja: text(
      "余額宝がスタート：確定口数に毎日収益",
      "余額宝に資金を移すと、確定した口数ごとに公表された年利で毎日収益が付きます。いつでも残高に戻せます。",
      `
## 仕組み

- 1 口は 1 通貨単位です。資金を移すと、残高が未確定の口数になります。
- 毎日の締め時刻（初期設定はプラットフォーム時間の 15:00）より前に移した口数は翌日に、締め時刻以降なら翌々日に確定します。
- 毎日、確定口数には 口数 × 年利 ÷ 365 の収益が付き（1 セント未満は切り捨て）、新たな確定口数として加算されます。
- 引き出した資金はすぐに残高に戻ります。未確定の口数から先に引き出されます。

## ページに表示される内容

合計・確定・未確定の口数、前日と累計の収益、利率、1 万口あたり収益、7 日間年換算利回り。各数値の計算式はルールページにあります。1 日あたりの入出金回数には上限があり、今日の残り回数がページに表示されます。

サーバーが再起動しても、収益は 1 日に 1 回だけ支払われます。このデモのお金は仮想です。
`,
    ),
    th: text(
      "Yu'ebao มาแล้ว: รับผลตอบแทนรายวันจากหน่วยที่ยืนยันแล้ว",
      "โอนเงินเข้า Yu'ebao แล้วทุกหน่วยที่ยืนยันแล้วจะได้ผลตอบแทนทุกวันตามอัตราต่อปีที่ประกาศ โอนกลับเข้ายอดเงินได้ทุกเมื่อ",
      `
## ทำงานอย่างไร

- หนึ่งหน่วยเท่ากับหนึ่งหน่วยเงิน เมื่อโอนเข้า ยอดเงินจะกลายเป็นหน่วยที่รอยืนยัน
- หน่วยที่โอนเข้าก่อนเวลาตัดรอบประจำวัน (ค่าเริ่มต้น 15:00 ตามเวลาแพลตฟอร์ม) จะยืนยันในวันถัดไป หากโอนหลังจากนั้นจะยืนยันในวันถัดไปอีกวัน
- ทุกวัน หน่วยที่ยืนยันแล้วจะได้ผลตอบแทน หน่วย × อัตราต่อปี ÷ 365 ปัดเศษลงเป็นสตางค์ และจ่ายเป็นหน่วยที่ยืนยันแล้วเพิ่มเติม
- เงินที่โอนออกจะกลับเข้ายอดเงินทันที โดยหักจากหน่วยที่รอยืนยันก่อน

## หน้าเพจแสดงอะไร

หน่วยทั้งหมด หน่วยที่ยืนยันแล้วและที่รอยืนยัน ผลตอบแทนเมื่อวานและสะสม อัตรา ผลตอบแทนต่อ 10,000 หน่วย และผลตอบแทนต่อปีเฉลี่ย 7 วัน หน้ากฎแสดงสูตรของทุกตัวเลข การโอนเข้าและออกมีจำนวนครั้งจำกัดต่อวัน และหน้าเพจแสดงจำนวนที่เหลือของวันนี้

ผลตอบแทนจ่ายเพียงครั้งเดียวต่อวัน แม้เซิร์ฟเวอร์จะรีสตาร์ต เงินในเวอร์ชันสาธิตนี้เป็นเงินเสมือน
`,
    ),
    vi: text(
      "Tiết kiệm Yu'ebao đã có: thu nhập hằng ngày trên phần đã xác nhận",
      "Chuyển tiền vào Yu'ebao và mỗi phần đã xác nhận sinh thu nhập mỗi ngày theo lãi suất năm được công bố. Chuyển về số dư bất cứ lúc nào.",
      `
## Cách hoạt động

- Một phần bằng một đơn vị tiền. Chuyển tiền vào biến số dư thành các phần chờ xác nhận.
- Phần chuyển vào trước giờ chốt hằng ngày (mặc định 15:00 giờ nền tảng) được xác nhận vào ngày hôm sau; chuyển sau giờ đó thì vào ngày kế tiếp nữa.
- Mỗi ngày, phần đã xác nhận sinh thu nhập bằng số phần × lãi suất năm ÷ 365, làm tròn xuống đến xu, và được ghi thêm dưới dạng phần đã xác nhận.
- Tiền chuyển ra về số dư ngay lập tức, lấy từ các phần chờ xác nhận trước.

## Trang hiển thị gì

Tổng số phần, phần đã và chờ xác nhận, thu nhập hôm qua và tổng thu nhập, lãi suất, thu nhập trên 10.000 phần và lợi suất năm hóa 7 ngày. Trang quy tắc nêu công thức của từng con số. Số lần chuyển vào và ra mỗi ngày có giới hạn, và trang cho biết hôm nay còn bao nhiêu lần.

Thu nhập chỉ được trả đúng một lần mỗi ngày, kể cả khi máy chủ khởi động lại. Trong bản demo này, tiền là tiền ảo.
`,
    ),
    id: text(
      "Tabungan Yu'ebao hadir: imbal hasil harian atas unit terkonfirmasi",
      "Pindahkan uang ke Yu'ebao dan setiap unit terkonfirmasi menghasilkan imbal hasil setiap hari sesuai suku bunga tahunan yang diumumkan. Tarik kembali ke saldo kapan saja.",
      `
## Cara kerjanya

- Satu unit sama dengan satu satuan mata uang. Memindahkan uang masuk mengubah saldo menjadi unit tertunda.
- Unit yang masuk sebelum batas waktu harian (bawaan 15:00 waktu platform) dikonfirmasi keesokan harinya; yang masuk sesudahnya, lusa.
- Setiap hari, unit terkonfirmasi menghasilkan unit × suku bunga tahunan ÷ 365, dibulatkan ke bawah hingga sen, dan dikreditkan sebagai unit terkonfirmasi baru.
- Uang yang dipindahkan keluar langsung kembali ke saldo, dimulai dari unit tertunda.

## Yang ditampilkan halaman

Total unit, unit terkonfirmasi dan tertunda, imbal hasil kemarin dan total, suku bunga, imbal hasil per 10.000 unit, dan imbal hasil tahunan 7 hari. Halaman aturan memuat rumus setiap angka. Jumlah pemindahan masuk dan keluar dibatasi per hari, dan halaman menunjukkan sisanya hari ini.

Imbal hasil dibayar tepat sekali sehari, bahkan saat server dimulai ulang. Dalam demo ini uangnya virtual.
`,
    ),
    ko: text(
      "위어바오 저축 출시: 확정 좌수에 매일 수익",
      "위어바오로 돈을 옮기면 확정된 좌수마다 공시된 연 이율로 매일 수익이 붙습니다. 언제든지 잔액으로 되돌릴 수 있습니다.",
      `
## 작동 방식

- 1좌는 1 통화 단위입니다. 돈을 옮기면 잔액이 미확정 좌수가 됩니다.
- 매일 마감 시각(기본값: 플랫폼 시간 15:00) 전에 옮긴 좌수는 다음 날, 이후에 옮긴 좌수는 그다음 날 확정됩니다.
- 매일 확정 좌수에는 좌수 × 연 이율 ÷ 365의 수익이 붙으며(센트 미만 버림), 새 확정 좌수로 지급됩니다.
- 옮겨 낸 돈은 즉시 잔액으로 돌아오며, 미확정 좌수부터 먼저 빠집니다.

## 화면에 표시되는 내용

전체·확정·미확정 좌수, 어제 수익과 누적 수익, 이율, 만 좌당 수익, 7일 연환산 수익률. 각 수치의 계산식은 규칙 페이지에 있습니다. 하루 입출금 횟수에는 한도가 있으며, 오늘 남은 횟수가 화면에 표시됩니다.

서버가 다시 시작되더라도 수익은 하루에 정확히 한 번만 지급됩니다. 이 데모의 돈은 가상입니다.
`,
    ),
    fr: text(
      "L'épargne Yu'ebao est là : un revenu quotidien sur les parts confirmées",
      "Placez de l'argent dans Yu'ebao : chaque part confirmée rapporte chaque jour au taux annuel publié. Retirez-le vers votre solde à tout moment.",
      `
## Comment ça marche

- Une part vaut une unité monétaire. Un versement transforme du solde en parts en attente.
- Les parts versées avant l'heure limite quotidienne (15 h, heure de la plateforme, par défaut) sont confirmées le lendemain ; après, le surlendemain.
- Chaque jour, les parts confirmées rapportent parts × taux annuel ÷ 365, arrondi au centime inférieur, crédité en nouvelles parts confirmées.
- Un retrait revient aussitôt sur votre solde, en prenant d'abord les parts en attente.

## Ce que montre la page

Le total, les parts confirmées et en attente, le revenu d'hier et le revenu cumulé, le taux, le revenu pour 10 000 parts et le rendement annualisé sur 7 jours. La page des règles donne la formule de chaque chiffre. Les versements et retraits sont limités par jour, et la page indique combien il en reste aujourd'hui.

Le revenu est versé exactement une fois par jour, même si le serveur redémarre. Dans cette démo, l'argent est virtuel.
`,
    ),
    de: text(
      "Yu'ebao-Sparen ist da: täglicher Ertrag auf bestätigte Anteile",
      "Legen Sie Geld in Yu'ebao an: Jeder bestätigte Anteil bringt täglich Ertrag zum veröffentlichten Jahreszins. Zurück aufs Guthaben jederzeit.",
      `
## So funktioniert es

- Ein Anteil ist eine Währungseinheit. Eine Einzahlung macht Guthaben zu ausstehenden Anteilen.
- Anteile, die vor dem täglichen Stichzeitpunkt (standardmäßig 15:00 Plattformzeit) eingehen, werden am nächsten Tag bestätigt, spätere am übernächsten.
- Jeden Tag bringen bestätigte Anteile Anteile × Jahreszins ÷ 365, auf den Cent abgerundet, gutgeschrieben als neue bestätigte Anteile.
- Eine Entnahme geht sofort zurück aufs Guthaben, ausstehende Anteile zuerst.

## Was die Seite zeigt

Gesamt, bestätigte und ausstehende Anteile, gestrigen und gesamten Ertrag, den Zins, den Ertrag je 10.000 Anteile und die annualisierte 7-Tage-Rendite. Die Regelseite nennt die Formel jeder Zahl. Ein- und Auszahlungen sind pro Tag begrenzt; die Seite zeigt, wie viele heute noch möglich sind.

Der Ertrag wird genau einmal pro Tag gezahlt, auch wenn der Server neu startet. In dieser Demo ist das Geld virtuell.
`,
    ),
  },
};
