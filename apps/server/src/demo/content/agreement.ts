import { type DemoDocument, text } from "./text";

/**
 * The service agreement: the contract rules of ARCHITECTURE §5 stated plainly (a loss takes the whole
 * stake) and disputes settled by the recorded ticks and the ledger. Its second version, with the limits
 * users set on themselves, is agreement-limits.ts.
 */
export const agreement: DemoDocument = {
  kind: "agreement",
  translations: {
    "zh-CN": text(
      "服务协议",
      "使用本演示的条款：虚拟资金、定时合约的风险、您的责任，以及争议如何处理。",
      `
## 虚拟资金的演示

本服务器以演示模式运行 Tickfair。余额是虚拟的，价格是模拟的，其中任何东西都没有真实价值。充值和提现仅用于演示流程。

## 定时合约有风险

- 您选择产品、看涨或看跌、金额和期限。
- 平仓价高于开仓价则看涨获胜，低于则看跌获胜；价格相同则退还本金。
- 获胜时支付本金加上购买前显示的收益率。**亏损时不支付任何金额：您可能损失全部本金。**
- 如果到期前后没有记录到价格，合约作废并退还本金。

## 不构成投资建议

应用中的任何内容，包括新闻和亮点，都不构成投资建议或交易推荐。

## 您的责任

- 妥善保管登录密码和交易密码。
- 实名认证时提供真实资料；一个身份证号只能认证一个账户。
- 仅在法律允许的地方使用本应用：部分地区（如欧盟、英国和澳大利亚）禁止向散户提供二元期权。

## 争议处理

请联系应用内的在线客服。每个已结束的合约都显示其开仓和平仓价格，并可在手机上验证。运营人员无法更改价格、结果或余额，因此争议以记录的价格和账本为准。
`,
    ),
    "zh-TW": text(
      "服務協議",
      "使用本示範的條款：虛擬資金、定時合約的風險、您的責任，以及爭議如何處理。",
      `
## 虛擬資金的示範

本伺服器以示範模式執行 Tickfair。餘額是虛擬的，價格是模擬的，其中任何東西都沒有真實價值。儲值和提領僅用於示範流程。

## 定時合約有風險

- 您選擇商品、看漲或看跌、金額和期限。
- 出場價高於進場價則看漲獲勝，低於則看跌獲勝；價格相同則退還本金。
- 獲勝時支付本金加上購買前顯示的收益率。**虧損時不支付任何金額：您可能損失全部本金。**
- 如果到期前後沒有記錄到價格，合約作廢並退還本金。

## 不構成投資建議

應用程式中的任何內容，包括新聞和亮點，都不構成投資建議或交易推薦。

## 您的責任

- 妥善保管登入密碼和交易密碼。
- 實名認證時提供真實資料；一個身分證號碼只能認證一個帳戶。
- 僅在法律允許的地方使用本應用程式：部分地區（如歐盟、英國和澳洲）禁止向散戶提供二元期權。

## 爭議處理

請聯繫應用程式內的線上客服。每個已結束的合約都顯示其進場和出場價格，並可在手機上驗證。營運人員無法更改價格、結果或餘額，因此爭議以記錄的價格和帳本為準。
`,
    ),
    en: text(
      "Service agreement",
      "The terms of using this demo: virtual money, the risks of fixed-time contracts, your responsibilities and how disputes are handled.",
      `
## A demo with virtual money

This server runs Tickfair in demo mode. Balances are virtual, prices are simulated, and nothing in it has real value. Deposits and withdrawals only demonstrate the process.

## Fixed-time contracts carry risk

- You choose a product, up or down, a stake and a duration.
- Up wins if the exit price is above the entry price, down wins if it is below; an equal price returns the stake.
- A win pays the stake plus the payout rate shown before you buy. **A loss pays nothing: you can lose the whole stake.**
- If no tick is recorded around expiry, the contract is voided and the stake returned.

## No investment advice

Nothing in the app, news and highlights included, is investment advice or a recommendation to trade.

## Your responsibilities

- Keep your password and transaction password secret.
- Give true details for identity verification; an ID number verifies one account only.
- Use the app only where this is lawful for you: retail binary options are banned in some places, such as the EU, the UK and Australia.

## Disputes

Contact customer service in the app. Every closed contract shows its entry and exit ticks and can be verified on your phone. Operators cannot edit prices, outcomes or balances, so a dispute is decided by the recorded ticks and the ledger.
`,
    ),
    ja: text(
      "利用規約",
      "このデモの利用条件：仮想のお金、時間指定契約のリスク、お客様の責任、紛争の扱い。",
      `
## 仮想のお金によるデモ

このサーバーは Tickfair をデモモードで運用しています。残高は仮想、価格はシミュレーションで、実際の価値を持つものはありません。入金と出金は手続きの流れを示すだけです。

## 時間指定契約にはリスクがあります

- 商品、上昇か下落か、金額、期間を選びます。
- 決済価格がエントリー価格より高ければ上昇、低ければ下落の勝ちです。同じ価格なら金額は返金されます。
- 勝った場合は、購入前に表示されたペイアウト率を元本に加えて支払います。**負けた場合は何も支払われず、元本の全額を失うことがあります。**
- 満期の前後にティックが記録されていない場合、契約は無効となり金額は返金されます。

## 投資助言ではありません

ニュースやハイライトを含め、アプリ内のいかなる内容も投資助言や取引の推奨ではありません。

## お客様の責任

- ログインパスワードと取引パスワードを秘密にしてください。
- 本人確認では正しい情報を提出してください。1 つの身分証番号で確認できるアカウントは 1 つだけです。
- 法律で認められている場所でのみ利用してください。EU、英国、オーストラリアなど、個人向けバイナリーオプションが禁止されている地域があります。

## 紛争について

アプリ内のカスタマーサービスにご連絡ください。終了した契約にはエントリーと決済のティックが表示され、スマートフォンで検証できます。運営者は価格、結果、残高を変更できないため、紛争は記録されたティックと台帳に基づいて判断されます。
`,
    ),
    th: text(
      "ข้อตกลงการใช้บริการ",
      "เงื่อนไขการใช้เวอร์ชันสาธิตนี้: เงินเสมือน ความเสี่ยงของสัญญาแบบกำหนดเวลา ความรับผิดชอบของคุณ และการจัดการข้อพิพาท",
      `
## เวอร์ชันสาธิตที่ใช้เงินเสมือน

เซิร์ฟเวอร์นี้รัน Tickfair ในโหมดสาธิต ยอดเงินเป็นเงินเสมือน ราคาเป็นราคาจำลอง และไม่มีสิ่งใดมีมูลค่าจริง การฝากและถอนเงินเป็นเพียงการสาธิตขั้นตอน

## สัญญาแบบกำหนดเวลามีความเสี่ยง

- คุณเลือกสินค้า ทิศทางขึ้นหรือลง จำนวนเงิน และระยะเวลา
- ถ้าราคาออกสูงกว่าราคาเข้า ฝั่งขึ้นชนะ ถ้าต่ำกว่า ฝั่งลงชนะ ถ้าเท่ากันจะคืนเงินเดิมพัน
- เมื่อชนะ จะได้รับเงินเดิมพันพร้อมอัตราผลตอบแทนที่แสดงก่อนซื้อ **เมื่อแพ้ จะไม่ได้รับอะไรเลย: คุณอาจเสียเงินเดิมพันทั้งหมด**
- ถ้าไม่มีราคาบันทึกไว้ในช่วงเวลาหมดอายุ สัญญาจะเป็นโมฆะและคืนเงินเดิมพัน

## ไม่ใช่คำแนะนำการลงทุน

ไม่มีสิ่งใดในแอป รวมถึงข่าวและไฮไลต์ ที่เป็นคำแนะนำการลงทุนหรือการชักชวนให้เทรด

## ความรับผิดชอบของคุณ

- เก็บรหัสผ่านและรหัสผ่านธุรกรรมไว้เป็นความลับ
- ให้ข้อมูลที่เป็นจริงเมื่อยืนยันตัวตน เลขบัตรหนึ่งใบยืนยันได้เพียงหนึ่งบัญชี
- ใช้แอปเฉพาะในที่ที่กฎหมายอนุญาต: บางพื้นที่ เช่น สหภาพยุโรป สหราชอาณาจักร และออสเตรเลีย ห้ามขายไบนารีออปชันให้นักลงทุนรายย่อย

## ข้อพิพาท

ติดต่อฝ่ายบริการลูกค้าในแอป สัญญาที่ปิดแล้วทุกสัญญาแสดงราคาเข้าและราคาออก และตรวจสอบได้บนมือถือ เจ้าหน้าที่เปลี่ยนราคา ผลลัพธ์ หรือยอดเงินไม่ได้ ข้อพิพาทจึงตัดสินตามราคาที่บันทึกไว้และบัญชีแยกประเภท
`,
    ),
    vi: text(
      "Thỏa thuận dịch vụ",
      "Điều khoản sử dụng bản demo này: tiền ảo, rủi ro của hợp đồng có thời hạn cố định, trách nhiệm của bạn và cách giải quyết tranh chấp.",
      `
## Bản demo với tiền ảo

Máy chủ này chạy Tickfair ở chế độ demo. Số dư là tiền ảo, giá là giá mô phỏng, và không có gì trong đó có giá trị thật. Nạp và rút tiền chỉ để minh họa quy trình.

## Hợp đồng có thời hạn cố định có rủi ro

- Bạn chọn sản phẩm, hướng tăng hoặc giảm, số tiền và thời hạn.
- Tăng thắng nếu giá đóng cao hơn giá vào, giảm thắng nếu thấp hơn; giá bằng nhau thì hoàn lại tiền đặt.
- Khi thắng, bạn nhận lại tiền đặt cộng tỷ lệ trả thưởng hiển thị trước khi mua. **Khi thua, bạn không nhận được gì: bạn có thể mất toàn bộ tiền đặt.**
- Nếu không có tick nào được ghi nhận quanh thời điểm đáo hạn, hợp đồng bị hủy và tiền đặt được hoàn lại.

## Không phải lời khuyên đầu tư

Không nội dung nào trong ứng dụng, kể cả tin tức và điểm nổi bật, là lời khuyên đầu tư hay khuyến nghị giao dịch.

## Trách nhiệm của bạn

- Giữ bí mật mật khẩu đăng nhập và mật khẩu giao dịch.
- Cung cấp thông tin đúng khi xác minh danh tính; mỗi số giấy tờ chỉ xác minh được một tài khoản.
- Chỉ sử dụng ứng dụng ở nơi pháp luật cho phép: một số nơi như EU, Vương quốc Anh và Úc cấm quyền chọn nhị phân cho nhà đầu tư cá nhân.

## Tranh chấp

Hãy liên hệ bộ phận chăm sóc khách hàng trong ứng dụng. Mỗi hợp đồng đã đóng đều hiển thị tick vào và tick đóng, và có thể kiểm chứng trên điện thoại. Nhân viên vận hành không thể thay đổi giá, kết quả hay số dư, nên tranh chấp được quyết định theo các tick đã ghi nhận và sổ cái.
`,
    ),
    id: text(
      "Perjanjian layanan",
      "Ketentuan penggunaan demo ini: uang virtual, risiko kontrak berjangka tetap, tanggung jawab Anda, dan cara penanganan sengketa.",
      `
## Demo dengan uang virtual

Server ini menjalankan Tickfair dalam mode demo. Saldo bersifat virtual, harga disimulasikan, dan tidak ada yang bernilai nyata. Deposit dan penarikan hanya memperagakan prosesnya.

## Kontrak berjangka tetap berisiko

- Anda memilih produk, naik atau turun, nominal, dan durasi.
- Naik menang jika harga keluar di atas harga masuk, turun menang jika di bawahnya; harga yang sama mengembalikan nominal.
- Kemenangan membayar nominal ditambah tingkat imbal hasil yang ditampilkan sebelum membeli. **Kekalahan tidak membayar apa pun: Anda bisa kehilangan seluruh nominal.**
- Jika tidak ada tick yang tercatat di sekitar waktu berakhir, kontrak dibatalkan dan nominal dikembalikan.

## Bukan nasihat investasi

Tidak ada isi aplikasi, termasuk berita dan sorotan, yang merupakan nasihat investasi atau rekomendasi untuk bertransaksi.

## Tanggung jawab Anda

- Rahasiakan kata sandi dan kata sandi transaksi Anda.
- Berikan data yang benar untuk verifikasi identitas; satu nomor identitas hanya memverifikasi satu akun.
- Gunakan aplikasi hanya di tempat yang sah bagi Anda: opsi biner untuk ritel dilarang di beberapa wilayah, seperti Uni Eropa, Inggris, dan Australia.

## Sengketa

Hubungi layanan pelanggan di aplikasi. Setiap kontrak yang ditutup menampilkan tick masuk dan keluarnya serta dapat diverifikasi di ponsel Anda. Operator tidak dapat mengubah harga, hasil, atau saldo, sehingga sengketa diputuskan berdasarkan tick yang tercatat dan buku besar.
`,
    ),
    ko: text(
      "서비스 이용약관",
      "이 데모의 이용 조건: 가상 자금, 시간 지정 계약의 위험, 이용자의 책임, 분쟁 처리 방법.",
      `
## 가상 자금으로 운영하는 데모

이 서버는 Tickfair를 데모 모드로 운영합니다. 잔액은 가상이고 가격은 시뮬레이션이며, 실제 가치를 지닌 것은 없습니다. 입금과 출금은 절차를 보여 주기 위한 것입니다.

## 시간 지정 계약에는 위험이 있습니다

- 상품, 상승 또는 하락, 금액, 기간을 선택합니다.
- 청산 가격이 진입 가격보다 높으면 상승, 낮으면 하락이 이기며, 같으면 금액을 돌려드립니다.
- 이기면 구매 전에 표시된 수익률만큼을 원금에 더해 지급합니다. **지면 아무것도 지급되지 않으며, 원금 전액을 잃을 수 있습니다.**
- 만기 전후에 기록된 틱이 없으면 계약은 무효가 되고 금액을 돌려드립니다.

## 투자 조언이 아닙니다

뉴스와 하이라이트를 포함해 앱의 어떤 내용도 투자 조언이나 거래 권유가 아닙니다.

## 이용자의 책임

- 로그인 비밀번호와 거래 비밀번호를 비밀로 유지하세요.
- 본인 인증 시 사실대로 제출하세요. 신분증 번호 하나로는 계정 하나만 인증할 수 있습니다.
- 법적으로 허용되는 곳에서만 이용하세요. EU, 영국, 호주 등 일부 지역에서는 개인 대상 바이너리 옵션이 금지되어 있습니다.

## 분쟁 처리

앱의 고객센터로 문의하세요. 종료된 모든 계약에는 진입·청산 틱이 표시되며 휴대폰에서 검증할 수 있습니다. 운영자는 가격, 결과, 잔액을 바꿀 수 없으므로 분쟁은 기록된 틱과 원장에 따라 판단합니다.
`,
    ),
    fr: text(
      "Conditions d'utilisation",
      "Les conditions d'utilisation de cette démo : argent virtuel, risques des contrats à durée fixe, vos responsabilités et le traitement des litiges.",
      `
## Une démo avec de l'argent virtuel

Ce serveur fait tourner Tickfair en mode démo. Les soldes sont virtuels, les prix simulés, et rien n'y a de valeur réelle. Les dépôts et retraits ne font que montrer le processus.

## Les contrats à durée fixe comportent des risques

- Vous choisissez un produit, la hausse ou la baisse, une mise et une durée.
- La hausse gagne si le prix de sortie est supérieur au prix d'entrée, la baisse s'il est inférieur ; à prix égal, la mise est rendue.
- Un gain rapporte la mise plus le taux de gain affiché avant l'achat. **Une perte ne rapporte rien : vous pouvez perdre toute la mise.**
- Si aucun tick n'est enregistré autour de l'échéance, le contrat est annulé et la mise rendue.

## Pas de conseil en investissement

Rien dans l'application, actualités et points forts compris, ne constitue un conseil en investissement ou une recommandation de trader.

## Vos responsabilités

- Gardez secrets votre mot de passe et votre mot de passe de transaction.
- Fournissez des informations exactes pour la vérification d'identité ; un numéro de pièce ne vérifie qu'un seul compte.
- N'utilisez l'application que là où c'est légal pour vous : les options binaires pour particuliers sont interdites dans certains pays, comme l'UE, le Royaume-Uni et l'Australie.

## Litiges

Contactez le service client dans l'application. Chaque contrat clôturé affiche ses ticks d'entrée et de sortie et peut être vérifié sur votre téléphone. Les opérateurs ne peuvent modifier ni les prix, ni les résultats, ni les soldes : un litige est tranché par les ticks enregistrés et le grand livre.
`,
    ),
    de: text(
      "Nutzungsbedingungen",
      "Die Bedingungen für diese Demo: virtuelles Geld, die Risiken von Kontrakten mit fester Laufzeit, Ihre Pflichten und der Umgang mit Streitfällen.",
      `
## Eine Demo mit virtuellem Geld

Dieser Server betreibt Tickfair im Demomodus. Guthaben sind virtuell, Kurse simuliert, und nichts darin hat echten Wert. Ein- und Auszahlungen zeigen nur den Ablauf.

## Kontrakte mit fester Laufzeit sind riskant

- Sie wählen ein Produkt, steigt oder fällt, einen Einsatz und eine Laufzeit.
- „Steigt“ gewinnt, wenn der Schlusskurs über dem Einstiegskurs liegt, „fällt“, wenn er darunter liegt; bei gleichem Kurs wird der Einsatz erstattet.
- Ein Gewinn zahlt den Einsatz plus die vor dem Kauf angezeigte Auszahlungsquote. **Ein Verlust zahlt nichts: Sie können den gesamten Einsatz verlieren.**
- Wird um den Ablauf herum kein Tick aufgezeichnet, wird der Kontrakt storniert und der Einsatz erstattet.

## Keine Anlageberatung

Nichts in der App, auch keine Nachrichten oder Highlights, ist Anlageberatung oder eine Empfehlung zum Handeln.

## Ihre Pflichten

- Halten Sie Ihr Passwort und Ihr Transaktionspasswort geheim.
- Machen Sie bei der Identitätsprüfung wahre Angaben; eine Ausweisnummer verifiziert nur ein Konto.
- Nutzen Sie die App nur, wo dies für Sie erlaubt ist: Binäre Optionen für Privatkunden sind in manchen Regionen verboten, etwa in der EU, im Vereinigten Königreich und in Australien.

## Streitfälle

Wenden Sie sich an den Kundenservice in der App. Jeder abgeschlossene Kontrakt zeigt seinen Einstiegs- und Schlusstick und lässt sich auf dem Smartphone prüfen. Betreiber können weder Kurse noch Ergebnisse noch Guthaben ändern; ein Streitfall wird daher anhand der aufgezeichneten Ticks und des Hauptbuchs entschieden.
`,
    ),
  },
};
