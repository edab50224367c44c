import { type DemoDocument, text } from "./text";

/** About us: what the app is, that this demo is simulated and virtual, and why outcomes can be trusted. */
export const about: DemoDocument = {
  kind: "about",
  translations: {
    "zh-CN": text(
      "关于 Tickfair",
      "可自行部署的移动端交易与储蓄应用：结果只由记录在案的价格决定，每一分钱都记入复式账本。",
      `
## Tickfair 是什么

Tickfair 是一款手机网页版的交易与储蓄应用：30 秒至 5 分钟的涨跌合约、余额宝储蓄、充值与提现、实名认证和在线客服，支持十种语言。

## 这是演示

- 价格由模拟器**模拟**生成，并非来自任何真实市场。
- 资金是**虚拟的**：余额是演示资金，无法真实存入或取出。

## 结果只由记录的价格决定

每个价格跳动只记录一次、永不修改，且每一条的哈希都包含上一条的哈希。合约的开仓价是受理后的第一个价格，平仓价是到期时或到期前的最后一个价格。包括运营人员在内，任何人都无法设定价格或结果。

打开任意已结束的合约并点击**验证**：您的手机会重新计算从开仓到平仓的每个价格哈希，并根据两个价格重新计算结果；服务器也会核对同一条哈希链。

## 每一分钱都记入账本

每笔资金变动都是借贷平衡的复式记账分录；分录只增不改，任何用户账户都不会低于零。这些规则由数据库本身强制执行。

## 可自行部署

任何人都可以用自己的数据库运行自己的 Tickfair 服务器，并亲自检查它的运作方式。
`,
    ),
    "zh-TW": text(
      "關於 Tickfair",
      "可自行架設的行動版交易與儲蓄應用：結果只由記錄在案的價格決定，每一分錢都記入複式帳本。",
      `
## Tickfair 是什麼

Tickfair 是一款手機網頁版的交易與儲蓄應用：30 秒至 5 分鐘的漲跌合約、餘額寶儲蓄、儲值與提領、實名認證和線上客服，支援十種語言。

## 這是示範

- 價格由模擬器**模擬**產生，並非來自任何真實市場。
- 資金是**虛擬的**：餘額是示範資金，無法真實存入或提出。

## 結果只由記錄的價格決定

每個價格跳動只記錄一次、永不修改，且每一筆的雜湊都包含上一筆的雜湊。合約的進場價是受理後的第一個價格，出場價是到期時或到期前的最後一個價格。包括營運人員在內，任何人都無法設定價格或結果。

打開任一已結束的合約並點選**驗證**：您的手機會重新計算從進場到出場的每個價格雜湊，並根據兩個價格重新計算結果；伺服器也會核對同一條雜湊鏈。

## 每一分錢都記入帳本

每筆資金變動都是借貸平衡的複式記帳分錄；分錄只增不改，任何用戶帳戶都不會低於零。這些規則由資料庫本身強制執行。

## 可自行架設

任何人都可以用自己的資料庫執行自己的 Tickfair 伺服器，並親自檢查它的運作方式。
`,
    ),
    en: text(
      "About Tickfair",
      "A self-hostable mobile trading and savings app: outcomes come only from recorded prices, and every cent goes through a double-entry ledger.",
      `
## What Tickfair is

Tickfair is a trading and savings app for the phone's browser: rise/fall contracts of 30 seconds to 5 minutes, Yu'ebao savings, deposits and withdrawals, identity verification and customer service, in ten languages.

## This is a demo

- Prices are **simulated** by a model; they do not come from any real market.
- Money is **virtual**: the balance is demo money and cannot be paid in or out for real.

## Outcomes come only from recorded ticks

Every price tick is stored once and never changed, and each tick's hash includes the hash of the one before. A contract's entry price is the first tick after it is accepted; its exit price is the last tick at or before expiry. Nobody, operators included, can set a price or an outcome.

Open any closed contract and press **Verify**: your phone recomputes every tick hash from entry to exit and the result from the two prices, and the server checks the same chain.

## Every cent in a ledger

Each movement of money is a balanced double-entry posting. Entries are only ever added, never edited, and no user account can go below zero. The database itself enforces these rules.

## Open to self-host

Anyone can run their own Tickfair server with their own database and check for themselves how it works.
`,
    ),
    ja: text(
      "Tickfair について",
      "自分でホストできるモバイル向け取引・貯蓄アプリ。結果は記録された価格だけで決まり、すべてのお金は複式簿記の台帳を通ります。",
      `
## Tickfair とは

Tickfair はスマートフォンのブラウザで使う取引・貯蓄アプリです。30 秒〜5 分の上昇／下落契約、余額宝（Yu'ebao）貯蓄、入金と出金、本人確認、カスタマーサービスを 10 言語で提供します。

## これはデモです

- 価格はモデルによる**シミュレーション**で、実際の市場のものではありません。
- お金は**仮想**です。残高はデモ用で、実際に入金・出金することはできません。

## 結果は記録されたティックだけで決まります

価格ティックは一度だけ保存され、変更されることはありません。各ティックのハッシュには直前のティックのハッシュが含まれます。契約のエントリー価格は受付後の最初のティック、決済価格は満期時点またはそれ以前の最後のティックです。運営者を含め、誰も価格や結果を決めることはできません。

終了した契約を開いて**検証**を押すと、スマートフォンがエントリーから決済までのすべてのティックのハッシュと、2 つの価格からの結果を再計算し、サーバーも同じチェーンを確認します。

## すべてのお金は台帳に

お金の動きはすべて貸借が一致する複式の仕訳です。仕訳は追加されるだけで修正されず、ユーザーの口座がマイナスになることはありません。これらのルールはデータベース自体が強制します。

## 自分でホストできます

誰でも自分のデータベースで Tickfair サーバーを動かし、その仕組みを自分で確かめることができます。
`,
    ),
    th: text(
      "เกี่ยวกับ Tickfair",
      "แอปเทรดและออมเงินบนมือถือที่ติดตั้งเองได้: ผลลัพธ์มาจากราคาที่บันทึกไว้เท่านั้น และเงินทุกสตางค์ผ่านบัญชีแยกประเภทแบบคู่",
      `
## Tickfair คืออะไร

Tickfair เป็นแอปเทรดและออมเงินสำหรับเบราว์เซอร์บนมือถือ: สัญญาขึ้น/ลงระยะ 30 วินาทีถึง 5 นาที เงินออม Yu'ebao การฝากและถอนเงิน การยืนยันตัวตน และฝ่ายบริการลูกค้า รองรับสิบภาษา

## นี่คือเวอร์ชันสาธิต

- ราคาเป็นราคา**จำลอง**จากแบบจำลอง ไม่ได้มาจากตลาดจริงใด ๆ
- เงินเป็น**เงินเสมือน**: ยอดเงินเป็นเงินสาธิต ฝากหรือถอนเป็นเงินจริงไม่ได้

## ผลลัพธ์มาจากราคาที่บันทึกไว้เท่านั้น

ราคาแต่ละจุด (tick) ถูกบันทึกครั้งเดียวและไม่มีการแก้ไข และแฮชของแต่ละจุดรวมแฮชของจุดก่อนหน้าไว้ด้วย ราคาเข้าของสัญญาคือราคาแรกหลังรับคำสั่ง ราคาออกคือราคาสุดท้าย ณ หรือก่อนเวลาหมดอายุ ไม่มีใคร รวมถึงผู้ดูแลระบบ ที่กำหนดราคาหรือผลลัพธ์ได้

เปิดสัญญาที่ปิดแล้วและกด **ตรวจสอบ**: มือถือของคุณจะคำนวณแฮชของทุกราคาตั้งแต่ราคาเข้าจนถึงราคาออกใหม่ และคำนวณผลลัพธ์จากสองราคานั้น ส่วนเซิร์ฟเวอร์ก็ตรวจสอบสายแฮชเดียวกัน

## เงินทุกสตางค์อยู่ในบัญชีแยกประเภท

การเคลื่อนไหวของเงินทุกครั้งเป็นรายการบัญชีคู่ที่สมดุล รายการมีแต่เพิ่ม ไม่มีการแก้ไข และบัญชีผู้ใช้ติดลบไม่ได้ ฐานข้อมูลเป็นผู้บังคับใช้กฎเหล่านี้เอง

## ติดตั้งใช้งานเองได้

ใครก็ได้สามารถรันเซิร์ฟเวอร์ Tickfair ของตัวเองพร้อมฐานข้อมูลของตัวเอง และตรวจดูการทำงานได้ด้วยตัวเอง
`,
    ),
    vi: text(
      "Giới thiệu Tickfair",
      "Ứng dụng giao dịch và tiết kiệm trên di động, tự triển khai được: kết quả chỉ do giá đã ghi nhận quyết định, mọi đồng tiền đều qua sổ cái kép.",
      `
## Tickfair là gì

Tickfair là ứng dụng giao dịch và tiết kiệm chạy trên trình duyệt điện thoại: hợp đồng tăng/giảm từ 30 giây đến 5 phút, tiết kiệm Yu'ebao, nạp và rút tiền, xác minh danh tính và chăm sóc khách hàng, bằng mười ngôn ngữ.

## Đây là bản demo

- Giá được **mô phỏng** bằng một mô hình, không lấy từ thị trường thật nào.
- Tiền là **tiền ảo**: số dư là tiền demo, không thể nạp hay rút thật.

## Kết quả chỉ đến từ các tick đã ghi nhận

Mỗi tick giá được lưu một lần và không bao giờ bị sửa; mã băm của mỗi tick chứa mã băm của tick trước đó. Giá vào lệnh là tick đầu tiên sau khi hợp đồng được chấp nhận; giá đóng là tick cuối cùng tại hoặc trước thời điểm đáo hạn. Không ai, kể cả nhân viên vận hành, có thể đặt giá hay kết quả.

Mở bất kỳ hợp đồng đã đóng nào và nhấn **Kiểm chứng**: điện thoại của bạn tính lại mã băm của từng tick từ lúc vào đến lúc đóng và tính lại kết quả từ hai mức giá, còn máy chủ kiểm tra cùng chuỗi đó.

## Mọi đồng tiền đều vào sổ cái

Mỗi lần tiền di chuyển là một bút toán kép cân bằng. Bút toán chỉ được thêm, không bao giờ bị sửa, và không tài khoản người dùng nào có thể âm. Chính cơ sở dữ liệu thực thi các quy tắc này.

## Mở để tự triển khai

Bất kỳ ai cũng có thể chạy máy chủ Tickfair riêng với cơ sở dữ liệu riêng và tự kiểm tra cách nó hoạt động.
`,
    ),
    id: text(
      "Tentang Tickfair",
      "Aplikasi trading dan tabungan seluler yang bisa di-host sendiri: hasil hanya ditentukan oleh harga yang tercatat, dan setiap sen melewati buku besar berpasangan.",
      `
## Apa itu Tickfair

Tickfair adalah aplikasi trading dan tabungan untuk peramban ponsel: kontrak naik/turun 30 detik hingga 5 menit, tabungan Yu'ebao, deposit dan penarikan, verifikasi identitas, serta layanan pelanggan, dalam sepuluh bahasa.

## Ini adalah demo

- Harga **disimulasikan** oleh sebuah model, bukan berasal dari pasar nyata mana pun.
- Uangnya **virtual**: saldo adalah uang demo dan tidak dapat disetor atau ditarik sungguhan.

## Hasil hanya dari tick yang tercatat

Setiap tick harga disimpan satu kali dan tidak pernah diubah, dan hash setiap tick memuat hash tick sebelumnya. Harga masuk kontrak adalah tick pertama setelah kontrak diterima; harga keluar adalah tick terakhir pada atau sebelum waktu berakhir. Tidak ada seorang pun, termasuk operator, yang dapat menetapkan harga atau hasil.

Buka kontrak mana pun yang sudah ditutup dan tekan **Verifikasi**: ponsel Anda menghitung ulang setiap hash tick dari masuk hingga keluar serta hasilnya dari kedua harga, dan server memeriksa rantai yang sama.

## Setiap sen tercatat di buku besar

Setiap perpindahan uang adalah jurnal berpasangan yang seimbang. Entri hanya ditambahkan, tidak pernah diubah, dan tidak ada akun pengguna yang bisa bernilai negatif. Basis data sendiri yang menegakkan aturan ini.

## Bisa di-host sendiri

Siapa pun dapat menjalankan server Tickfair sendiri dengan basis data sendiri dan memeriksa sendiri cara kerjanya.
`,
    ),
    ko: text(
      "Tickfair 소개",
      "직접 호스팅할 수 있는 모바일 거래·저축 앱: 결과는 기록된 가격으로만 정해지고, 모든 돈은 복식부기 원장을 거칩니다.",
      `
## Tickfair란

Tickfair는 휴대폰 브라우저에서 쓰는 거래·저축 앱입니다. 30초~5분 상승/하락 계약, 위어바오(Yu'ebao) 저축, 입금과 출금, 본인 인증, 고객센터를 10개 언어로 제공합니다.

## 데모입니다

- 가격은 모델이 **시뮬레이션**한 것으로, 실제 시장에서 온 것이 아닙니다.
- 돈은 **가상**입니다. 잔액은 데모용이며 실제로 입금하거나 출금할 수 없습니다.

## 결과는 기록된 틱으로만 정해집니다

모든 가격 틱은 한 번만 저장되고 절대 바뀌지 않으며, 각 틱의 해시에는 직전 틱의 해시가 들어 있습니다. 계약의 진입 가격은 접수 후 첫 틱이고, 청산 가격은 만기 시점 또는 그 이전의 마지막 틱입니다. 운영자를 포함해 누구도 가격이나 결과를 정할 수 없습니다.

종료된 계약을 열고 **검증**을 누르면 휴대폰이 진입부터 청산까지 모든 틱 해시와 두 가격에 따른 결과를 다시 계산하고, 서버도 같은 체인을 확인합니다.

## 모든 돈은 원장에

모든 자금 이동은 차변과 대변이 일치하는 복식부기 분개입니다. 분개는 추가만 될 뿐 수정되지 않으며, 어떤 사용자 계좌도 0 아래로 내려갈 수 없습니다. 이 규칙은 데이터베이스 자체가 강제합니다.

## 직접 호스팅 가능

누구나 자신의 데이터베이스로 Tickfair 서버를 직접 운영하고, 작동 방식을 스스로 확인할 수 있습니다.
`,
    ),
    fr: text(
      "À propos de Tickfair",
      "Une application mobile de trading et d'épargne auto-hébergeable : les résultats ne dépendent que des prix enregistrés, et chaque centime passe par un grand livre en partie double.",
      `
## Ce qu'est Tickfair

Tickfair est une application de trading et d'épargne pour le navigateur du téléphone : contrats hausse/baisse de 30 secondes à 5 minutes, épargne Yu'ebao, dépôts et retraits, vérification d'identité et service client, en dix langues.

## Ceci est une démo

- Les prix sont **simulés** par un modèle ; ils ne proviennent d'aucun marché réel.
- L'argent est **virtuel** : le solde est de l'argent de démo et ne peut être ni versé ni retiré réellement.

## Les résultats ne dépendent que des ticks enregistrés

Chaque tick de prix est enregistré une seule fois et jamais modifié, et l'empreinte (hash) de chaque tick inclut celle du précédent. Le prix d'entrée d'un contrat est le premier tick après son acceptation ; son prix de sortie est le dernier tick à l'échéance ou avant. Personne, opérateurs compris, ne peut fixer un prix ou un résultat.

Ouvrez n'importe quel contrat clôturé et appuyez sur **Vérifier** : votre téléphone recalcule chaque empreinte de l'entrée à la sortie et le résultat à partir des deux prix, et le serveur contrôle la même chaîne.

## Chaque centime dans un grand livre

Chaque mouvement d'argent est une écriture en partie double équilibrée. Les écritures sont seulement ajoutées, jamais modifiées, et aucun compte utilisateur ne peut passer sous zéro. La base de données elle-même impose ces règles.

## Auto-hébergeable

Chacun peut faire tourner son propre serveur Tickfair avec sa propre base de données et vérifier par lui-même son fonctionnement.
`,
    ),
    de: text(
      "Über Tickfair",
      "Eine selbst hostbare mobile App für Trading und Sparen: Ergebnisse hängen nur von aufgezeichneten Kursen ab, und jeder Cent läuft durch ein doppeltes Hauptbuch.",
      `
## Was Tickfair ist

Tickfair ist eine App für Trading und Sparen im Browser des Smartphones: Steigt-/Fällt-Kontrakte von 30 Sekunden bis 5 Minuten, Yu'ebao-Sparen, Ein- und Auszahlungen, Identitätsprüfung und Kundenservice, in zehn Sprachen.

## Dies ist eine Demo

- Die Kurse werden von einem Modell **simuliert** und stammen von keinem echten Markt.
- Das Geld ist **virtuell**: Das Guthaben ist Demogeld und kann nicht wirklich ein- oder ausgezahlt werden.

## Ergebnisse nur aus aufgezeichneten Ticks

Jeder Kurstick wird einmal gespeichert und nie geändert, und der Hash jedes Ticks enthält den Hash des vorherigen. Der Einstiegskurs eines Kontrakts ist der erste Tick nach seiner Annahme, der Schlusskurs der letzte Tick bei oder vor Ablauf. Niemand, auch kein Betreiber, kann einen Kurs oder ein Ergebnis festlegen.

Öffnen Sie einen abgeschlossenen Kontrakt und tippen Sie auf **Prüfen**: Ihr Smartphone berechnet jeden Tick-Hash vom Einstieg bis zum Schluss und das Ergebnis aus den beiden Kursen neu, und der Server prüft dieselbe Kette.

## Jeder Cent im Hauptbuch

Jede Geldbewegung ist eine ausgeglichene doppelte Buchung. Buchungen werden nur hinzugefügt, nie geändert, und kein Nutzerkonto kann unter null fallen. Die Datenbank selbst erzwingt diese Regeln.

## Selbst hostbar

Jeder kann einen eigenen Tickfair-Server mit eigener Datenbank betreiben und selbst prüfen, wie er funktioniert.
`,
    ),
  },
};
